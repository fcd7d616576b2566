val result = List.length 7
