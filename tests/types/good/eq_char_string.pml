val result = (#"a" = #"a", "ab" = "a" ^ "b")
