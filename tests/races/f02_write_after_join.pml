(* The write comes after the pair's join.
   race: none *)
val r = ref 0
val p = {1, 2}
val w = r := 5
val result = !r
