val result = (valOf (SOME 3), isSome (NONE : int option), getOpt (NONE, "d"))
