fun norm {x, y} = x * x + y * y
val result = norm {y = 3, x = 4}
