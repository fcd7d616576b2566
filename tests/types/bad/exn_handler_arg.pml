exception Bad of string
val result = (raise Bad "x") handle Bad n => n + 1
