fun dupHead (l as x :: _) = x :: l
  | dupHead [] = []
val result = (dupHead [1, 2], dupHead ["a"])
