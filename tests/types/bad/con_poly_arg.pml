datatype 'a box = Box of 'a
val result = (Box 1) = (Box "a")
