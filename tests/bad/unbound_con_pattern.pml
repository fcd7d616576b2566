fun f (Leaf x) = x
val r = f 1
