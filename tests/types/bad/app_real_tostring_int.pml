val result = Real.toString 2
