exception Bad of string
val result = raise Bad 3
