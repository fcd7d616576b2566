(* A functor-built set of strings (ordered by String.compare) used to
 * collect the distinct words of a text, as data-structure courses do. *)
signature ORD = sig type t val compare : t * t -> order end

functor ListSet (O : ORD) =
struct
  type elem = O.t
  type set = elem list
  val empty : set = []
  fun insert (x, []) = [x]
    | insert (x, s as y :: ys) =
        (case O.compare (x, y) of
             LESS => x :: s
           | EQUAL => s
           | GREATER => y :: insert (x, ys))
  fun member (x, s) = List.exists (fn y => O.compare (x, y) = EQUAL) s
  fun toList s = s
end

structure StringSet = ListSet (struct type t = string val compare = String.compare end)
structure Caseless = ListSet (struct
  type t = string
  fun compare (a, b) = String.compare (String.map Char.toLower a, String.map Char.toLower b)
end)

val words = String.tokens (not o Char.isAlpha) "To be, or not to be: that is the Question; to BE"
val s1 = foldl StringSet.insert StringSet.empty words
val s2 = foldl Caseless.insert Caseless.empty words

val result = (StringSet.toList s1, Caseless.toList s2, StringSet.member ("be", s1), Caseless.member ("QUESTION", s2))
