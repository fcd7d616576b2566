fun inc x = x + 1
val result = (inc o 3) 2
