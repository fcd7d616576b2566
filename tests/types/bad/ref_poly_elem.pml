val r = ref 1
val result = (r := 2.0; !r)
