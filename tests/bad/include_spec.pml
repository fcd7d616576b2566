signature S = sig type t end
signature T = sig include S end
val result = 1
