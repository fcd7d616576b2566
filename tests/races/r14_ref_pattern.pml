(* Matching `ref x` reads the cell.
   race: case r of ref x => x | r := 3 *)
val r = ref 0
val result = {case r of ref x => x, r := 3}
