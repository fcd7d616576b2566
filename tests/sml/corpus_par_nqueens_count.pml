(* Counting n-queens solutions, the first row's choices explored as a
   parallel reduction over a list split in halves *)
fun safe (col, placed) =
    let fun ok (_, []) = true
          | ok (d, c :: cs) = c <> col andalso abs (c - col) <> d andalso ok (d + 1, cs)
    in ok (1, placed) end

fun count (n, placed) =
    if List.length placed = n then 1
    else foldl (fn (c, s) => if safe (c, placed) then s + count (n, c :: placed) else s) 0
               (List.tabulate (n, fn i => i))

fun psum f [] = 0
  | psum f [x] = f x
  | psum f l = let val h = List.length l div 2
                   val (a, b) = {psum f (List.take (l, h)), psum f (List.drop (l, h))}
               in a + b end

fun queens n = psum (fn c => count (n, [c])) (List.tabulate (n, fn i => i))
val result = map queens [1, 2, 3, 4, 5, 6]
