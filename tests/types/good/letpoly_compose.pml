fun compose (f, g) x = f (g x)
val result = (compose (fn x => x + 1, fn x => x * 2) 3, compose (fn s => s ^ "!", fn s => s ^ "?") "a")
