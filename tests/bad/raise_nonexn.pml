val x = raise 3
