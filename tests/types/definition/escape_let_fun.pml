fun f () = let datatype t = A | B in A end
val result = 0
