fun grid n = Array.array (n, 0)
val result = grid ~3
