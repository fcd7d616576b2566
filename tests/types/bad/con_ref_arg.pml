val r = ref 0
val _ = r := "s"
val result = !r
