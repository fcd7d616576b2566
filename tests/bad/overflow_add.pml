val big = 9223372036854775807
val result = big + 1
