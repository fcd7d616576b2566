(* Byte.byteToChar and Byte.charToByte: characters as Word8 values. *)
fun rot13 c =
  let val w = Byte.charToByte c
      fun shift base = Byte.byteToChar (Word8.+ (base, Word8.mod (Word8.+ (Word8.- (w, base), Word8.fromInt 13), Word8.fromInt 26)))
  in if Char.isUpper c then shift (Byte.charToByte #"A")
     else if Char.isLower c then shift (Byte.charToByte #"a") else c end
val result = (implode (map rot13 (explode "Hello, World")), Byte.charToByte #"a", Byte.byteToChar (Word8.fromInt 65))
