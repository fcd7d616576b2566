(* Sets as sorted lists, built by a functor over an ORD_KEY signature, as
   in the SML/NJ library: one functor, applied to ints and to strings *)
signature ORD_KEY = sig
  type ord_key
  val compare : ord_key * ord_key -> order
end

signature ORD_SET = sig
  structure Key : ORD_KEY
  type item = Key.ord_key
  type set
  val empty : set
  val singleton : item -> set
  val add : set * item -> set
  val addList : set * item list -> set
  val member : set * item -> bool
  val union : set * set -> set
  val intersection : set * set -> set
  val difference : set * set -> set
  val listItems : set -> item list
  val numItems : set -> int
end

functor ListSetFn (K : ORD_KEY) :> ORD_SET where type Key.ord_key = K.ord_key =
struct
  structure Key = K
  type item = K.ord_key
  type set = item list
  val empty = []
  fun singleton x = [x]
  fun add ([], x) = [x]
    | add (s as y :: ys, x) =
        (case K.compare (x, y) of
             LESS => x :: s
           | EQUAL => x :: ys
           | GREATER => y :: add (ys, x))
  fun addList (s, l) = List.foldl (fn (x, s) => add (s, x)) s l
  fun member ([], _) = false
    | member (y :: ys, x) =
        (case K.compare (x, y) of LESS => false | EQUAL => true | GREATER => member (ys, x))
  fun union ([], s) = s
    | union (s, []) = s
    | union (a as x :: xs, b as y :: ys) =
        (case K.compare (x, y) of
             LESS => x :: union (xs, b)
           | EQUAL => x :: union (xs, ys)
           | GREATER => y :: union (a, ys))
  fun intersection ([], _) = []
    | intersection (_, []) = []
    | intersection (a as x :: xs, b as y :: ys) =
        (case K.compare (x, y) of
             LESS => intersection (xs, b)
           | EQUAL => x :: intersection (xs, ys)
           | GREATER => intersection (a, ys))
  fun difference (a, b) = List.filter (fn x => not (member (b, x))) a
  fun listItems s = s
  val numItems = List.length
end

structure IntSet = ListSetFn (struct type ord_key = int val compare = Int.compare end)
structure StrSet = ListSetFn (struct type ord_key = string val compare = String.compare end)

val evens = IntSet.addList (IntSet.empty, [10, 2, 8, 4, 6, 2])
val small = IntSet.addList (IntSet.empty, [1, 2, 3, 4, 5])
val words = StrSet.addList (StrSet.empty, ["pear", "apple", "fig", "apple", "kiwi"])
val more = StrSet.addList (StrSet.singleton "banana", ["fig", "date"])

val result =
  (IntSet.listItems (IntSet.union (evens, small)),
   IntSet.listItems (IntSet.intersection (evens, small)),
   IntSet.listItems (IntSet.difference (small, evens)),
   StrSet.listItems (StrSet.union (words, more)),
   StrSet.member (words, "fig"), StrSet.member (words, "date"),
   IntSet.numItems evens + StrSet.numItems more)
