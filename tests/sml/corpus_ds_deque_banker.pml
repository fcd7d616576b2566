(* A double-ended queue with both ends as lists, rebalanced by halves when
   one side empties; a palindrome test and a sliding-window maximum *)
type 'a deque = 'a list * 'a list   (* front, reversed back *)

val empty : int deque = ([], [])
fun pushFront (x, (f, b)) = (x :: f, b)
fun pushBack (x, (f, b)) = (f, x :: b)
fun split l = let val h = List.length l div 2 in (List.take (l, h), List.drop (l, h)) end
fun popFront ([], []) = NONE
  | popFront ([], b) = let val (b', f) = split b in popFront (rev f, b') end
  | popFront (x :: f, b) = SOME (x, (f, b))
fun popBack ([], []) = NONE
  | popBack (f, []) = let val (f', b) = split f in popBack (f', rev b) end
  | popBack (f, x :: b) = SOME (x, (f, b))
fun peekBack d = Option.map #1 (popBack d)
fun peekFront d = Option.map #1 (popFront d)

fun palindrome s =
    let fun go d = case popFront d of
                       NONE => true
                     | SOME (x, d') => case popBack d' of
                                           NONE => true
                                         | SOME (y, d'') => x = y andalso go d''
    in go (explode s, []) end

(* indices of candidates kept in decreasing value order *)
fun windowMax (k, v) =
    let val n = Vector.length v
        fun dropSmall (d, x) = case peekBack d of
                                   SOME j => if Vector.sub (v, j) <= x then dropSmall (#2 (valOf (popBack d)), x) else d
                                 | NONE => d
        fun dropOld (d, i) = case peekFront d of
                                 SOME j => if j <= i - k then #2 (valOf (popFront d)) else d
                               | NONE => d
        fun go (i, d, acc) =
            if i = n then rev acc
            else let val d' = pushBack (i, dropSmall (dropOld (d, i), Vector.sub (v, i)))
                     val acc' = if i >= k - 1 then Vector.sub (v, valOf (peekFront d')) :: acc else acc
                 in go (i + 1, d', acc') end
    in go (0, empty, []) end

val result = (map palindrome ["racecar", "abba", "abca", "", "x"],
              windowMax (3, Vector.fromList [1, 3, ~1, ~3, 5, 3, 6, 7]),
              popFront (pushFront (1, pushBack (2, empty))), popBack (pushFront (1, pushFront (2, empty))))
