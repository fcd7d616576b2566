val idid = (fn x => x) (fn x => x)
val a = idid 1
val result = 0
