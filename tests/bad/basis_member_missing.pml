val x = 3.14159
val result = Real.fmt (StringCvt.FIX (SOME 2)) x
