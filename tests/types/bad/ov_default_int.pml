fun sq x = x * x
val result = sq 2.0
