(* A closure capturing a ref, called in both branches: its write races
   with itself, and its read with its write.
   race: r := !r + 1 | r := !r + 1
   race: !r | r := !r + 1 *)
val r = ref 0
fun inc () = r := !r + 1
val result = ({inc (), inc ()}; 0)
