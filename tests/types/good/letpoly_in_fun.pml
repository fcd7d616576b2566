fun f n = let fun twice g x = g (g x) in (twice (fn x => x + n) 0, twice (fn s => s ^ "a") "") end
val result = f 5
