(* Functors using other functors: a multiset (bag) built from a map functor,
   and a graph functor whose body applies a set functor to its vertex type *)
signature ORD = sig type t val compare : t * t -> order end

functor MapFn (K : ORD) = struct
  type 'a map = (K.t * 'a) list
  val empty = []
  fun insert ([], k, v) = [(k, v)]
    | insert ((k', v') :: m, k, v) =
        (case K.compare (k, k') of
             LESS => (k, v) :: (k', v') :: m
           | EQUAL => (k, v) :: m
           | GREATER => (k', v') :: insert (m, k, v))
  fun find ([], _) = NONE
    | find ((k', v) :: m, k) = if K.compare (k, k') = EQUAL then SOME v else find (m, k)
  fun listItemsi m = m
end

functor SetFn (K : ORD) = struct
  structure M = MapFn (K)
  type set = unit M.map
  val empty : set = M.empty
  fun add (s, x) = M.insert (s, x, ())
  fun member (s, x) = isSome (M.find (s, x))
  fun toList (s : set) = List.map (fn (k, _) => k) (M.listItemsi s)
end

functor BagFn (K : ORD) = struct
  structure M = MapFn (K)
  fun add (b, x) = M.insert (b, x, 1 + getOpt (M.find (b, x), 0))
  fun fromList l = List.foldl (fn (x, b) => add (b, x)) M.empty l
  fun count (b, x) = getOpt (M.find (b, x), 0)
  val items = M.listItemsi
end

functor GraphFn (V : ORD) = struct
  structure VSet = SetFn (V)
  structure Adj = MapFn (V)
  fun fromEdges es =
    List.foldl (fn ((a, b), g) => Adj.insert (g, a, b :: getOpt (Adj.find (g, a), []))) Adj.empty es
  fun succs (g, v) = getOpt (Adj.find (g, v), [])
  fun reachable (g, v) =
    let fun dfs ([], seen) = seen
          | dfs (x :: rest, seen) =
              if VSet.member (seen, x) then dfs (rest, seen)
              else dfs (succs (g, x) @ rest, VSet.add (seen, x))
    in VSet.toList (dfs ([v], VSet.empty)) end
end

structure IntOrd = struct type t = int val compare = Int.compare end
structure StrOrd = struct type t = string val compare = String.compare end

structure IntBag = BagFn (IntOrd)
structure G = GraphFn (IntOrd)
structure SG = GraphFn (StrOrd)

val bag = IntBag.fromList [3, 1, 3, 2, 3, 1]
val g = G.fromEdges [(1, 2), (2, 3), (3, 1), (4, 5), (5, 6), (2, 7)]
val sg = SG.fromEdges [("a", "b"), ("b", "c"), ("d", "a")]

val result = (IntBag.items bag, IntBag.count (bag, 3), G.reachable (g, 2), G.reachable (g, 4),
              SG.reachable (sg, "d"), SG.VSet.member (SG.VSet.add (SG.VSet.empty, "z"), "z"))
