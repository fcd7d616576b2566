val a = 10
val result = a div (a - 10)
