fun getx r = #x r
val result = 0
