(* andalso / orelse short-circuit: the right side is not evaluated when the
   left decides (the right sides here would fail). *)
fun boom () = raise Fail "evaluated"
val a = false andalso boom ()
val b = true orelse boom ()
val c = false andalso 1 div 0 = 0
val d = true orelse hd [] = 1
val e = (1 < 2 andalso 2 < 3) orelse boom ()
val f = not (true andalso false) andalso (false orelse true)
fun allPos l = List.all (fn x => x > 0) l
val result = (a, b, c, d, e, f, allPos [1, 2], allPos [1, ~2, 3])
