infix 6 ++
fun a ++ b = a + b
fun f (x ++ y) = x
