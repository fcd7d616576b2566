val result = "a" ^ ["b"]
