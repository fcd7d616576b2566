(* The functor parameter written as a list of specifications, and applied
   to a list of declarations: functor F (type t val x : t ...) and
   F (type t = int val x = 1 ...), the form SML/NJ programs use for small
   parameters *)
functor Range (val lo : int val hi : int) = struct
  val all = List.tabulate (hi - lo + 1, fn i => lo + i)
  fun contains x = lo <= x andalso x <= hi
  val width = hi - lo
end

functor Tagged (type t val tag : string val show : t -> string) = struct
  fun label (x : t) = tag ^ ":" ^ show x
  fun labelAll xs = List.map label xs
end

functor Cache (structure Key : sig type t val eq : t * t -> bool end
               val compute : Key.t -> int) = struct
  val cache = ref ([] : (Key.t * int) list)
  val misses = ref 0
  fun get k =
    case List.find (fn (k', _) => Key.eq (k, k')) (!cache) of
        SOME (_, v) => v
      | NONE => (misses := !misses + 1; let val v = compute k in cache := (k, v) :: !cache; v end)
end

structure Digits = Range (val lo = 0 val hi = 9)
structure Teens = Range (val hi = 19 val lo = 13)
structure IntTag = Tagged (type t = int val tag = "int" val show = Int.toString)
structure PairTag = Tagged (type t = int * bool val tag = "pair"
                            fun show (n, b) = Int.toString n ^ (if b then "+" else "-"))
structure Squares = Cache (structure Key = struct type t = int val eq = op= end
                           fun compute n = n * n)

val sq = List.map Squares.get [3, 4, 3, 5, 4, 3]

val result = (Digits.all, Teens.contains 15, Teens.contains 12, Digits.width + Teens.width,
              IntTag.labelAll [1, 22], PairTag.label (7, true), sq, !Squares.misses)
