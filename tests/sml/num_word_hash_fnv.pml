(* FNV-1a hashing of strings with 32-bit words, wrapping multiplication. *)
val prime = Word32.fromInt 16777619
val offset = Word32.fromLargeInt (valOf (IntInf.fromString "2166136261"))
fun fnv s =
  foldl (fn (c, h) => Word32.* (Word32.xorb (h, Word32.fromInt (ord c)), prime)) offset (explode s)
val result = map (Word32.toString o fnv) ["", "a", "foobar", "hello world"]
