(* open of a Basis structure binds every member, primitives included:
 * after open Array, sub and update are Array's, not the vector ones. *)
local
  open Array
in
  val a = fromList [1, 2, 3]
  val _ = update (a, 0, 5)
  val first = sub (a, 0)
  val len = length a
  val total = foldl op+ 0 a
end

structure A = Array
val b = A.array (3, 0)
val _ = A.update (b, 2, 7)
val fromAlias = (A.sub (b, 2), A.length b, A.foldr op:: [] b)

local open Int in
  val ints = (toString 42, min (3, 4), abs ~5, quot (~7, 2), rem (~7, 2), compare (1, 2))
end

local open Real in
  val reals = (toString 2.5, floor 3.7, fromInt 4)
end

local open Math in
  val circle = pi * 2.0 * 2.0
  val root = sqrt 16.0
end

local open Char in
  val chars = (toString #"\n", ord #"A", chr 66, isDigit #"7", toUpper #"q")
end

local open String in
  val strs = (sub ("hello", 1), size "abc", substring ("hello", 1, 3), concatWith "-" ["a", "b"])
end

structure S = String
structure L = List
val aliases = (S.size "four", S.implode [#"o", #"k"], L.nth ([10, 20, 30], 1), L.length [1, 2])

val result = (first, len, total, fromAlias, ints, reals, circle, root, chars, strs, aliases)
