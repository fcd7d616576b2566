fun never () = 1 + "a"
val result = 42
