infix 6 ++
fun a ++ b = a * 10 + b
val x = 1 ++ 2 ++ 3
infixr 5 :::
datatype 'a stream = Nil | ::: of 'a * 'a stream
fun toL Nil = [] | toL (x ::: s) = x :: toL s
val y = toL (1 ::: 2 ::: Nil)
val z = let infix 7 ** fun a ** b = a - b in 10 ** 3 ** 2 end
fun ** (a, b) = a + b
val w = ** (1, 2)
val v = op ++ (4, 5)
val r = ref 0
val val_rec = let val rec f = fn 0 => 1 | n => n * f (n - 1) in f 5 end
fun sum n = let val s = ref 0 val i = ref 0 in while !i < n do (i := !i + 1; s := !s + !i); !s end
val u = (fn 0 => "zero" | 1 => "one" | _ => "many") 1
nonfix ++
val nf = ++ (1, 2)
val cells = let val a = ref 1 val b = ref 1 in (a = b, a = a, !a = !b) end
val result = (x, y, z, w, v, val_rec, u, nf, sum 10, !r, cells, ref [1])
