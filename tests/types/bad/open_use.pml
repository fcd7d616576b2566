structure S = struct val s = "a" end
open S
val result = s + 1
