fun const x _ = x
val result = (const 1 "a", const "b" 2)
