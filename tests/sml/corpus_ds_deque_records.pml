(* A double-ended queue as a record of two lists, with rebalancing *)
type 'a deque = {front : 'a list, back : 'a list}
val empty = {front = [], back = []}
fun split l = let val k = List.length l div 2 in (List.take (l, k), List.drop (l, k)) end
fun pushFront (x, {front = front, back = back} : 'a deque) = {front = x :: front, back = back}
fun pushBack (x, {front = front, back = back} : 'a deque) = {front = front, back = x :: back}
fun popFront ({front = x :: f, back = back} : 'a deque) = SOME (x, {front = f, back = back})
  | popFront {front = [], back = []} = NONE
  | popFront {front = [], back = back} = let val (b, f) = split back in popFront {front = rev f, back = b} end
fun popBack ({front = front, back = x :: b} : 'a deque) = SOME (x, {front = front, back = b})
  | popBack {front = [], back = []} = NONE
  | popBack {front = front, back = []} = let val (f, b) = split front in popBack {front = f, back = rev b} end
fun drain d = case popFront d of NONE => [] | SOME (x, d') => x :: drain d'

val d = foldl pushBack (foldl pushFront empty [3, 2, 1]) [4, 5, 6]
val result = (drain d, Option.map #1 (popBack d), Option.map #1 (popFront (pushBack (9, empty))),
              drain (#2 (valOf (popBack (#2 (valOf (popBack d)))))))
