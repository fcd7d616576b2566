fun f () = 42
val result = f ()
