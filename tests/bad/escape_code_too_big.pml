val s = "\999"
