(* let scoping and shadowing: inner bindings hide outer ones only inside. *)
val x = 1
val y = let val x = x + 10
            val x = x * 2
            val (a, b) = (x, x + 1)
        in a + b + x end
val z = x
fun f x = let val x = x + 1 in let val x = x * 10 in x end + x end
val g = let fun x () = 5 in x () + x () end
val x = "shadowed at top level"
val result = (x, y, z, f 1, g)
