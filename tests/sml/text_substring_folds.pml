(* Substring.foldl, foldr, app, explode, translate, size, sub, first,
 * isPrefix, isSuffix, isSubstring, compare, collate, concat. *)
val s = Substring.substring ("xxhello worldyy", 2, 11)

val vowels = Substring.foldl (fn (c, n) => if Char.contains "aeiou" c then n + 1 else n) 0 s
val reversed = Substring.foldl (fn (c, acc) => str c ^ acc) "" s
val chars = Substring.foldr op:: [] s
val upper = Substring.translate (str o Char.toUpper) s
val count = ref 0
val _ = Substring.app (fn c => if c = #"l" then count := !count + 1 else ()) s

val result = (vowels, reversed, chars = Substring.explode s, upper, !count,
              Substring.size s, Substring.sub (s, 4), Substring.first s,
              Substring.first (Substring.full ""),
              Substring.isPrefix "hell" s, Substring.isSuffix "world" s,
              Substring.isSubstring "o w" s, Substring.isPrefix "xx" s,
              Substring.compare (s, Substring.full "hello"),
              Substring.collate Char.compare (Substring.full "abc", Substring.full "abd"),
              Substring.concat [s, Substring.full "!", Substring.extract ("abc", 1, NONE)],
              Substring.concatWith "-" [Substring.full "a", Substring.full "b"],
              Substring.base (Substring.slice (s, 2, SOME 3)))
