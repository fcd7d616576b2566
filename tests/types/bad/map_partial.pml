val result = List.mapPartial (fn x => x) [1]
