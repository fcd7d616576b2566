val result = (fn (a, b) => a + b) 1
