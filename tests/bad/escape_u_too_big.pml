val s = "\u0100"
