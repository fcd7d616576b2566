val result = "a" * "b"
