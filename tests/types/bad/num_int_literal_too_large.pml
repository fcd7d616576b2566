val small = 5
val big = 100000000000000000000000 + small
