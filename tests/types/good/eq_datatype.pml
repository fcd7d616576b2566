datatype color = Red | Green | Blue
val result = (Red = Red, Red = Blue, [Red, Green] = [Red, Green])
