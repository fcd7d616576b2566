(* A `ref x` pattern and ! both read.
   race: none *)
val r = ref 4
val result = {case r of ref x => x, !r}
