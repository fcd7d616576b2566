fun f p = case p of (a, b) => a + b | (a, b, c) => a
val result = 0
