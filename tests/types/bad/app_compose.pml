val h = (fn x => x + 1) o (fn s => s ^ "!")
val result = 0
