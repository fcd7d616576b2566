exception Foo
val x = 1
