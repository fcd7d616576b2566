val result = let val r = ref [] in r := [1]; r := 2 :: !r; !r end
