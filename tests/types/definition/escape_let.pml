val result = let datatype t = A in A end
