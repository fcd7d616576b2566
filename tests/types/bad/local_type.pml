local val x = "s" in val y = x + 1 end
val result = y
