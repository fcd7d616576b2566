val p = {x = 1, y = 2}
val result = #x p ^ "a"
