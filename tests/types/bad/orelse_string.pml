val result = "x" orelse false
