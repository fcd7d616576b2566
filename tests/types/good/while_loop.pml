val result = let val i = ref 0 val s = ref 0 in while !i < 5 do (s := !s + !i; i := !i + 1); !s end
