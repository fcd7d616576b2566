val f = (fn x => x + 1) o (fn x => x * 2)
val g = (fn s => s ^ "!") o Int.toString
val result = (f 3, g 4)
