fun f n = let datatype box = Box of int fun un (Box k) = k in un (Box n) + 1 end
val result = f 2
