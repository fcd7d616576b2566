val x = Foo.bar 3
