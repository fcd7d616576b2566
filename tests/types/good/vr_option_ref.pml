val result = let val cell = ref NONE in cell := SOME 3; case !cell of SOME n => n | NONE => 0 end
