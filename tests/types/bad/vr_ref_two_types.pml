fun f () = let val r = ref [] in r := [1]; r := ["a"]; 0 end
val result = 0
