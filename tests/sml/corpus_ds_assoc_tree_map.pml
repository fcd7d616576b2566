(* A string-keyed map as a binary search tree with records in the nodes;
   word frequencies, then the keys in order and the most frequent word *)
datatype 'a map = Leaf | Node of {key : string, value : 'a, left : 'a map, right : 'a map}

fun find (Leaf, _) = NONE
  | find (Node {key, value, left, right}, k) =
      if k < key then find (left, k) else if k > key then find (right, k) else SOME value

fun insertWith f (Leaf, k, v) = Node {key = k, value = v, left = Leaf, right = Leaf}
  | insertWith f (Node {key, value, left, right}, k, v) =
      if k < key then Node {key = key, value = value, left = insertWith f (left, k, v), right = right}
      else if k > key then Node {key = key, value = value, left = left, right = insertWith f (right, k, v)}
      else Node {key = key, value = f (value, v), left = left, right = right}

fun toList Leaf = []
  | toList (Node {key, value, left, right}) = toList left @ (key, value) :: toList right

val text = "the cat and the dog and the bird saw a cat"
val freq = foldl (fn (w, m) => insertWith op+ (m, w, 1)) Leaf (String.tokens Char.isSpace text)
val best = foldl (fn ((k, v), (bk, bv)) => if v > bv then (k, v) else (bk, bv)) ("", 0) (toList freq)
val result = (toList freq, best, find (freq, "cat"), find (freq, "cow"))
