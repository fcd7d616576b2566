val result = #"a" - #"b"
