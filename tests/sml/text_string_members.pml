(* String members course code uses: isSubstring, isSuffix, concatWith,
 * translate, collate, comparison operators, fromString, toCString. *)
val s = "Hello, World"

val result = (String.isSubstring "lo, W" s, String.isSuffix "World" s, String.isPrefix "hello" s,
              String.concatWith ", " ["a", "b", "c"], String.concatWith "" [],
              String.translate (fn #"o" => "0" | #"l" => "1" | c => str c) s,
              String.collate (fn (a, b) => Char.compare (Char.toLower a, Char.toLower b)) ("abc", "ABD"),
              String.< ("apple", "banana"), String.>= ("b", "ab"), String.^ ("con", "cat"),
              String.fromString "tab\\there", String.fromString "\\q",
              String.toCString "say \"hi\"\n", String.toString "a\tb",
              String.map Char.toUpper s, String.extract (s, 7, NONE), String.extract (s, 0, SOME 5))
