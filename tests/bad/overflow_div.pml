val m = ~9223372036854775807 - 1
val result = m div ~1
