(* The String and Char structures as course code calls them *)
val s = "Standard ML, 1997 edition"
val result = (String.size s, String.sub (s, 3), String.substring (s, 9, 2), String.extract (s, 13, NONE),
              String.concat ["a", "b", "c"], String.concatWith "-" ["x", "y", "z"],
              String.explode "abc", String.implode [#"d", #"e"], String.isPrefix "Stan" s,
              String.compare ("abc", "abd"), String.compare ("b", "abc"), String.compare ("", ""),
              String.translate (fn #" " => "_" | c => str (Char.toUpper c)) "a b c",
              String.tokens (fn c => c = #" " orelse c = #",") s, String.fields (fn c => c = #",") "a,,b",
              Char.isDigit #"7", Char.isAlpha #"_", Char.isSpace #"\t", Char.toUpper #"q", Char.toLower #"Q",
              Char.ord #"A", Char.chr 122, chr 48, ord #"\n", str #"x" ^ "yz",
              #"a" < #"b", "apple" < "apricot", "Zebra" < "apple", "abc" >= "ab")
