val mask = 0w255
val result = mask
