val result = (fn x => x) = (fn y => y)
