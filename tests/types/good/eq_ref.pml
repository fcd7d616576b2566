val r = ref 1
val s = ref 1
val result = (r = r, r = s)
