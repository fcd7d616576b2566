val e = []
val result = (1 :: e, "a" :: e)
