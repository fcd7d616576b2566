signature KEY = sig type key val mk : int -> key end
functor Keys () :> KEY = struct type key = int fun mk n = n end
structure K1 = Keys ()
structure K2 = Keys ()
val same = [K1.mk 1, K2.mk 2]
