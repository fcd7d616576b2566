exception E of int
val x = (raise E 3) handle Div => 0
