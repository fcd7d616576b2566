exception E = Foo
