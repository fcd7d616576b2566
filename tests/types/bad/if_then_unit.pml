val result = if true then print "x" else 3
