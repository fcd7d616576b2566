val result = ((1, "a", true) = (1, "a", true), {x = 1} <> {x = 2})
