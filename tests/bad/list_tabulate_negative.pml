val v = List.tabulate (~5, fn i => i)
