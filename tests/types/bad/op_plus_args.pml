val result = op+ (1, "a")
