fun point (x, y) = {x = x, y = y}
val p = point (1, 2)
val a = #x p + #y p
val q = {1 = 3, 2 = 4}
val w = {2 = 1, 1 = 5}
val t = {1 = 3}
val u = {}
val r = {b=1, a=2, 2=3, 10=4, B=5, a1=6}
fun f {x, y} = x * 10 + y
fun g ({x = a, ...} : {x : int, y : int}) = a
val z = {x = {y = 1, z = (2,3)}, w = [{a=1}]}
val result = (p, a, q, w, t, u, r, f p, g p, #2 q, #1 t, z, map #x [p, p])
