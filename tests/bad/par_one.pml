val x = {1}
