val lines = TextIO.inputLine (TextIO.openIn "data.txt")
val result = lines
