fun pow (b, 0) = 1 | pow (b, n) = b * pow (b, n - 1)
val result = pow (10, 19)
