fun f s = if s then 1 else 0
val result = f "x"
