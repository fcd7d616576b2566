val loads = loads + 1
val _ = print ("loaded " ^ Int.toString loads ^ "\n")
