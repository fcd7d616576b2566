val result = let val p = {a = 1, b = "s"} val g = fn r => #a r in g p end
