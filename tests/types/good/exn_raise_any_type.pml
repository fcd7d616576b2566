fun f x = if x > 0 then x else raise Div
val result = (f 3, (f ~1) handle Div => 0)
