local fun helper x = (x, x) in fun dup x = helper x end
val result = (dup 1, dup "z")
