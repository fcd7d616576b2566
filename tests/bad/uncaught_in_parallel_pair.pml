fun f x = {2, 1 div x}
val y = f 0
