val result = Math.pi 2.0
