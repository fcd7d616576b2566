fun id (x : 'a) : 'a = x
val result = (id 1, id "a")
