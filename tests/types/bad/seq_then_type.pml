val result = (print "x"; 1 + "y")
