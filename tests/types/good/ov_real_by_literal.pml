fun half x = x / 2.0
val result = half 5.0
