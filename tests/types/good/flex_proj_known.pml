val p = {name = "x", age = 3}
val result = (#name p, #age p)
