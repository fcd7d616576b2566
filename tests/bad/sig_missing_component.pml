signature S = sig val f : int -> int val g : int end
structure A : S = struct fun f x = x end
