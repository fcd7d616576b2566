val i = ref 0
val _ = while 1 do i := !i + 1
val result = !i
