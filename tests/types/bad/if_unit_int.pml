val result = if true then () else 1
