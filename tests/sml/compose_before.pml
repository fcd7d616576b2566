(* o (infix 3) and before (infix 0) as SML's top level has them. *)
fun inc x = x + 1
fun dbl x = 2 * x
val f = inc o dbl
val g = dbl o inc o inc
val h = List.map (Int.toString o inc) [1, 2, 3]
val k = (op o) (inc, dbl) 10
val order = ref ([] : int list)
fun note x = (order := x :: !order; x)
val b = note 1 before ignore (note 2)
val c = 1 + 2 before ()
val prec = (inc o dbl) 3 = inc (dbl 3) andalso true
val comp = List.foldl (op o) (fn x => x) [inc, dbl, inc]
val result = (f 5, g 5, h, k, b, !order, c, prec, comp 1,
              (String.size o Int.toString o dbl) 12345)
