fun grow (s, 0) = s | grow (s, n) = grow (s ^ s, n - 1)
val result = size (grow ("ab", 40))
