(* hd [] inside the prelude: reported at the user's call of hd, the
   calls before it as notes *)
fun first xs = hd xs
fun twice xs = first xs + first xs
val r = twice []
