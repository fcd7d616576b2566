val result = {1 = "a", 2 = "b"} = ("a", "b")
