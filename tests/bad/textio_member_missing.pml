val result = TextIO.scanStream (Int.scan StringCvt.DEC) TextIO.stdIn
