fun f l = case l of [] => 0 | [x] => x | (x :: y :: _) => y ^ "a"
val result = 0
