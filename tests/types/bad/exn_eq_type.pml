exception E
val result = if E = E then 1 else 0
