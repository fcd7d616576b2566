val result = List.length "abc"
