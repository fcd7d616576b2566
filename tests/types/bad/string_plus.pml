val result = "a" + "b"
