fun mul (x, y) : real = x * y
val result = mul (1.5, 2.0)
