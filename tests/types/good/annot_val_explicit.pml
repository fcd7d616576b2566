val 'a mkpair = fn (x : 'a) => (x, x)
val result = (mkpair 1, mkpair "b")
