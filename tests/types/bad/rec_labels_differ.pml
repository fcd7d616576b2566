val result = if true then {a = 1} else {b = 1}
