val s = "a\qb"
