val result = let val r = ref NONE in r := SOME 1; r := SOME "a"; 0 end
