fun mk () = ref []
val a = mk ()
val b = mk ()
val _ = a := [1]
val _ = b := ["s"]
val result = (!a, !b)
