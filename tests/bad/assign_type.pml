val r = ref 0
val x = !r + (r := 1)
