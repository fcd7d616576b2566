signature KEY = sig eqtype key val k : int -> key end
structure K :> KEY = struct type key = int fun k n = n * 2 end
val result = (K.k 2 = K.k 2, K.k 1 = K.k 3)
