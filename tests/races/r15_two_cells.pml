(* Two cells, one race on each.
   race: r := 1 | r := 3
   race: s := 2 | !s *)
val r = ref 0
val s = ref 0
val result = {(r := 1; s := 2), (!s; r := 3)}
