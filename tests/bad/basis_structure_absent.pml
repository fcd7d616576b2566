val result = CharVector.foldl op+ 0 "abc"
