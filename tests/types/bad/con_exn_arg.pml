exception E of int
val result = (raise E "x") handle E n => n
