(* Two branches write one ref.
   race: r := 1 | r := 2 *)
val r = ref 0
val result = {r := 1, r := 2}
