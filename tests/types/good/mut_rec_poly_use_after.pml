fun f x = g x
and g x = x
val result = (f 1, g 2)
