val result = TextIO.openIn "data.txt"
