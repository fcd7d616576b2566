fun f () = let val x : 'a list ref = ref [] in () end
