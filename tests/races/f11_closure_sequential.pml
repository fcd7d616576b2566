(* A closure capturing a ref, called twice in sequence around a pair.
   race: none *)
val r = ref 0
fun inc () = r := !r + 1
val result = (inc (); {1, 2}; inc (); !r)
