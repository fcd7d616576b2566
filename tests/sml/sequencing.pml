(* Sequencing (e1; e2; e3) keeps the last value; let bodies may be sequences. *)
val a = (1; 2; 3)
val b = let val x = 5 in x + 1; x * 2; x * 3 end
fun f x = (x + 1; x - 1)
val c = ("ignored"; [1, 2]; ())
val result = (a, b, f 10, c, (fn () => (0; "s")) ())
