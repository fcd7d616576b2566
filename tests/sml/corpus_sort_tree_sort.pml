(* Tree sort through an unbalanced BST with counts for duplicates, and a
   stable sort of records by key using insertion with a comparator *)
datatype tree = Lf | Nd of tree * int * int * tree   (* left, key, count, right *)

fun ins (x, Lf) = Nd (Lf, x, 1, Lf)
  | ins (x, Nd (l, k, n, r)) =
      if x < k then Nd (ins (x, l), k, n, r)
      else if x > k then Nd (l, k, n, ins (x, r))
      else Nd (l, k, n + 1, r)

fun flatten Lf = []
  | flatten (Nd (l, k, n, r)) = flatten l @ List.tabulate (n, fn _ => k) @ flatten r

fun treeSort l = flatten (foldl ins Lf l)

fun stableSort cmp l =
    let fun insert (x, []) = [x]
          | insert (x, y :: ys) = if cmp (y, x) = GREATER then x :: y :: ys else y :: insert (x, ys)
    in foldl insert [] l end

val people = [("kim", 30), ("lee", 25), ("ana", 30), ("bo", 25), ("cy", 41), ("di", 30)]
val result = (treeSort [5, 3, 9, 3, 1, 5, 5, 0, 12, ~2],
              stableSort (fn ((_, a), (_, b)) => Int.compare (a, b)) people,
              stableSort (fn ((a, _), (b, _)) => String.compare (a, b)) people)
