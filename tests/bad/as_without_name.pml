fun f (1 as x) = x
