structure M = struct fun sq x = x * x end
open M
val result = sq 5
