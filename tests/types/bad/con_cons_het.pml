val result = "a" :: [1]
