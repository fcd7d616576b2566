val result = TextIO.inputLine TextIO.stdIn
