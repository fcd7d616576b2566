(* Control escapes \^C, decimal escapes \ddd, and a gap \<newline> \ . *)
val a = "\^A\^Z\^@"
val b = "\127\128\255\000"
val c = "gap: a\
        \b"
val result = [a, b, c, a ^ b]
