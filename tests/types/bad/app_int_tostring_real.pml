val result = Int.toString 2.5
