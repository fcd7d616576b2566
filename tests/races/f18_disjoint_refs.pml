(* Each branch writes a different shared ref.
   race: none *)
val r = ref 0
val s = ref 0
val result = ({r := 1, s := 2}; !r + !s)
