val p = {x = 1, y = 2}
val result = #z p
