(* djb2 hashing (h * 33 + c) with Word32, buckets by mod. *)
fun djb2 s = foldl (fn (c, h) => Word32.+ (Word32.<< (h, 0w5), Word32.+ (h, Word32.fromInt (ord c)))) (Word32.fromInt 5381) (explode s)
val words = ["apple", "banana", "cherry", "date", "elderberry", "fig"]
val result = map (fn s => (s, Word32.toInt (Word32.mod (djb2 s, Word32.fromInt 13)))) words
