fun pairup (x : 'a) = let val y : 'a = x in (x, y) end
val result = pairup 3
