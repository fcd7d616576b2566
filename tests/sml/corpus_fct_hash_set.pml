(* A mutable hash set over an array of buckets, made by a functor over a
   HASH_KEY signature; two tables from one functor do not share buckets *)
signature HASH_KEY = sig
  type key
  val hash : key -> int
  val eq : key * key -> bool
end

functor HashSetFn (K : HASH_KEY) = struct
  type set = {buckets : K.key list array, count : int ref}
  fun create n : set = {buckets = Array.array (n, []), count = ref 0}
  fun index ({buckets, ...} : set, k) = K.hash k mod Array.length buckets
  fun member (s : set, k) = List.exists (fn k' => K.eq (k, k')) (Array.sub (#buckets s, index (s, k)))
  fun add (s : set, k) =
    if member (s, k) then ()
    else let val i = index (s, k)
         in Array.update (#buckets s, i, k :: Array.sub (#buckets s, i)); #count s := !(#count s) + 1 end
  fun size (s : set) = !(#count s)
  fun toList (s : set) = Array.foldr (fn (b, acc) => b @ acc) [] (#buckets s)
  fun longestBucket (s : set) = Array.foldl (fn (b, m) => Int.max (List.length b, m)) 0 (#buckets s)
end

structure StrHash = HashSetFn (struct
  type key = string
  fun hash s = List.foldl (fn (c, h) => (h * 31 + ord c) mod 1000003) 7 (explode s)
  val eq = op=
end)

structure IntHash = HashSetFn (struct type key = int fun hash n = abs n val eq = op= end)

val seen = StrHash.create 8
val _ = List.app (fn w => StrHash.add (seen, w)) (String.tokens Char.isSpace "to be or not to be that is the question")
val nums = IntHash.create 5
val _ = List.app (fn n => IntHash.add (nums, n)) [1, 6, 11, 2, 6, 16, 3]

val result = (StrHash.size seen, StrHash.member (seen, "question"), StrHash.member (seen, "answer"),
              IntHash.toList nums, IntHash.longestBucket nums, IntHash.size nums)
