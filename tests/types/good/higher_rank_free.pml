fun apply f x = f x
val result = (apply (fn x => x + 1) 1, apply (fn s => s ^ "a") "b")
