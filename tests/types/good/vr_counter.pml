fun counter () = let val n = ref 0 in fn () => (n := !n + 1; !n) end
val c = counter ()
val result = (c (), c (), c ())
