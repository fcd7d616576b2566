val result = (foldl op+ 0 [1, 2, 3], foldl op^ "" ["a", "b"], List.foldr op:: [] [1, 2])
