val r = ref []
val _ = r := [1]
val result = 0
