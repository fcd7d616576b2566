signature S = sig exception E of int end
structure X : S = struct exception E of string end
