(* A regular-expression matcher by derivatives (Brzozowski) over characters *)
datatype re = Empty | Eps | Chr of char | Alt of re * re | Seq of re * re | Star of re

fun nullable Empty = false
  | nullable Eps = true
  | nullable (Chr _) = false
  | nullable (Alt (a, b)) = nullable a orelse nullable b
  | nullable (Seq (a, b)) = nullable a andalso nullable b
  | nullable (Star _) = true

fun alt (Empty, r) = r
  | alt (r, Empty) = r
  | alt (a, b) = Alt (a, b)
fun sq (Empty, _) = Empty
  | sq (_, Empty) = Empty
  | sq (Eps, r) = r
  | sq (r, Eps) = r
  | sq (a, b) = Seq (a, b)

fun deriv c Empty = Empty
  | deriv c Eps = Empty
  | deriv c (Chr d) = if c = d then Eps else Empty
  | deriv c (Alt (a, b)) = alt (deriv c a, deriv c b)
  | deriv c (Seq (a, b)) =
      if nullable a then alt (sq (deriv c a, b), deriv c b) else sq (deriv c a, b)
  | deriv c (Star r) = sq (deriv c r, Star r)

fun matches r s = nullable (foldl (fn (c, r) => deriv c r) r (explode s))

fun lit s = foldr (fn (c, r) => sq (Chr c, r)) Eps (explode s)
fun anyOf s = foldr (fn (c, r) => alt (Chr c, r)) Empty (explode s)
val digit = anyOf "0123456789"
val number = Seq (digit, Star digit)
val ident = Seq (anyOf "abcxyz", Star (alt (anyOf "abcxyz", digit)))
val abab = Star (alt (lit "ab", lit "ba"))

val result = (map (matches number) ["123", "", "12a", "0"], map (matches ident) ["x1", "1x", "abc9", "q"],
              map (matches abab) ["", "abba", "aabb", "baab"])
