val x = #0 (1, 2)
