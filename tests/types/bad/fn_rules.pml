val f = fn 0 => true | n => n
val result = 0
