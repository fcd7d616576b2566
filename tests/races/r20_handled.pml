(* The right branch raises; both branches ran, and they race.
   race: r := 1 | r := 2 *)
exception E
val r = ref 0
val result = (#1 {r := 1, (r := 2; raise E)}; 1) handle E => 0
