val x = ! 3
