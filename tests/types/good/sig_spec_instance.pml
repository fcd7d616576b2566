signature LEN = sig val len : int list -> int end
structure L : LEN = struct
  fun len [] = 0 | len (_ :: xs) = 1 + len xs
end
val result = L.len [1, 2, 3]
