signature S = sig datatype t = A | B end
structure X : S = struct datatype t = A | B | C end
