(* A dictionary signature with two implementations (association list and
   binary tree) exercised by the same client code *)
signature DICT = sig
  type 'a dict
  val empty : 'a dict
  val insert : 'a dict * string * 'a -> 'a dict
  val lookup : 'a dict * string -> 'a option
  val keys : 'a dict -> string list
end

structure ListDict : DICT = struct
  type 'a dict = (string * 'a) list
  val empty = []
  fun insert (d, k, v) = (k, v) :: List.filter (fn (k', _) => k' <> k) d
  fun lookup (d : (string * 'a) list, k) = Option.map #2 (List.find (fn (k', _) => k' = k) d)
  fun keys (d : (string * 'a) list) = let fun ins (x, []) = [x]
                     | ins (x, y :: ys) = if x < y then x :: y :: ys else y :: ins (x, ys)
               in foldl ins [] (map #1 d) end
end

structure TreeDict : DICT = struct
  datatype 'a dict = L | N of 'a dict * string * 'a * 'a dict
  val empty = L
  fun insert (L, k, v) = N (L, k, v, L)
    | insert (N (l, k', v', r), k, v) =
        if k < k' then N (insert (l, k, v), k', v', r)
        else if k > k' then N (l, k', v', insert (r, k, v))
        else N (l, k, v, r)
  fun lookup (L, _) = NONE
    | lookup (N (l, k', v, r), k) = if k < k' then lookup (l, k) else if k > k' then lookup (r, k) else SOME v
  fun keys L = []
    | keys (N (l, k, _, r)) = keys l @ k :: keys r
end

val pairs = [("pear", 3), ("apple", 1), ("fig", 7), ("apple", 5), ("date", 2)]
val d1 = foldl (fn ((k, v), d) => ListDict.insert (d, k, v)) ListDict.empty pairs
val d2 = foldl (fn ((k, v), d) => TreeDict.insert (d, k, v)) TreeDict.empty pairs
val result = (ListDict.keys d1, TreeDict.keys d2, ListDict.lookup (d1, "apple"),
              TreeDict.lookup (d2, "apple"), TreeDict.lookup (d2, "kiwi"),
              ListDict.keys d1 = TreeDict.keys d2)
