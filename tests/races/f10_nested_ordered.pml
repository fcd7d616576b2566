(* A write inside an inner pair, read after that pair's join, all in the
   left branch; the right branch touches nothing.
   race: none *)
val r = ref 0
val result = {({r := 1, 2}; !r), 3}
