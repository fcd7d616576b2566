val result = vector (~1, 0)
