signature S = sig datatype t = A of int | B end
structure X : S = struct datatype t = A of string | B end
