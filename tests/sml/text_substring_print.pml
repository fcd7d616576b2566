(* A substring is printed as - (an abstract type), inside tuples, lists
 * and options too. *)
val s = Substring.full "hello"
val parts = Substring.fields (fn c => c = #"l") s

val result = (s, parts, Substring.getc s, Substring.size s)
