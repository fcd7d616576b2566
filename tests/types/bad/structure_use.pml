structure S = struct fun f x = x + 1 end
val result = S.f "a"
