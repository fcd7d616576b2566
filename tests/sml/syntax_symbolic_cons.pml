(* Constructors with symbolic names, declared infix as a list-like
 * sequence and a term language write them; values print infix. *)
infixr 5 ^^
datatype 'a seq = Nil | ^^ of 'a * 'a seq

fun toList Nil = []
  | toList (x ^^ rest) = x :: toList rest
fun fromList [] = Nil
  | fromList (x :: xs) = x ^^ fromList xs
fun seqMap f Nil = Nil
  | seqMap f (x ^^ r) = f x ^^ seqMap f r

infix 6 :+
infix 7 :*
datatype term = N of int | :+ of term * term | :* of term * term

fun eval (N n) = n
  | eval (a :+ b) = eval a + eval b
  | eval (a :* b) = eval a * eval b

(* a constructor named by a built-in operator *)
datatype money = + of int * int
val price = 3 + 50

val t = N 2 :* (N 3 :+ N 4)
val result = (toList (seqMap (fn x => x * 10) (fromList [1, 2, 3])), fromList [7, 8], t, eval t, price)
