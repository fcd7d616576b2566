fun idf x = (fn y => y) x
val result = (idf 1, idf "a")
