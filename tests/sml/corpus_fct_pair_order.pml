(* A functor of two structures: the lexicographic order on pairs, built from
   the orders of the components, then used to sort and to build a set *)
signature ORDERED = sig
  type t
  val compare : t * t -> order
  val toString : t -> string
end

functor PairOrd (structure A : ORDERED structure B : ORDERED) : ORDERED = struct
  type t = A.t * B.t
  fun compare ((a1, b1), (a2, b2)) =
    case A.compare (a1, a2) of EQUAL => B.compare (b1, b2) | ord => ord
  fun toString (a, b) = "(" ^ A.toString a ^ ", " ^ B.toString b ^ ")"
end

functor Reverse (X : ORDERED) : ORDERED = struct
  type t = X.t
  fun compare (a, b) = X.compare (b, a)
  val toString = X.toString
end

functor InsertionSort (O : ORDERED) = struct
  fun insert (x, []) = [x]
    | insert (x, y :: ys) = if O.compare (x, y) = GREATER then y :: insert (x, ys) else x :: y :: ys
  fun sort l = List.foldl insert [] l
  fun show l = String.concatWith " " (List.map O.toString l)
end

structure IntOrd = struct type t = int val compare = Int.compare val toString = Int.toString end
structure StrOrd = struct type t = string val compare = String.compare fun toString s = "\"" ^ s ^ "\"" end

structure NameAge = PairOrd (structure A = StrOrd structure B = IntOrd)
structure AgeName = PairOrd (structure A = Reverse (IntOrd) structure B = StrOrd)

structure S1 = InsertionSort (NameAge)
structure S2 = InsertionSort (AgeName)

val people = [("eve", 31), ("bob", 25), ("alice", 31), ("bob", 19), ("carol", 25)]
val byName = S1.sort people
val byAge = S2.sort (List.map (fn (n, a) => (a, n)) people)
val _ = print (S1.show byName ^ "\n")
val _ = print (S2.show byAge ^ "\n")

val result = (byName, byAge, NameAge.compare (("bob", 25), ("bob", 19)),
              AgeName.compare ((31, "x"), (25, "y")))
