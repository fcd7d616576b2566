val s = "café"
