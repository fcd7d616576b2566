val result = #"a" ^ "b"
