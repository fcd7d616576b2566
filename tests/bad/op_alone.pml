val x = op
