fun f () = let exception E of string in (raise E "x") handle E s => s ^ "!" end
val result = f ()
