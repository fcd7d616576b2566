(* Rose trees (general trees): size, depth, flatten, map, fold, and pretty-printing with indentation *)
datatype 'a rose = Node of 'a * 'a rose list

fun size (Node (_, ks)) = 1 + foldl op+ 0 (map size ks)
fun depth (Node (_, [])) = 1
  | depth (Node (_, ks)) = 1 + foldl Int.max 0 (map depth ks)
fun flatten (Node (x, ks)) = x :: List.concat (map flatten ks)
fun rmap f (Node (x, ks)) = Node (f x, map (rmap f) ks)
fun fold f (Node (x, ks)) = f (x, map (fold f) ks)
fun pretty (Node (x, ks), ind) = (ind ^ x) :: List.concat (map (fn k => pretty (k, ind ^ "  ")) ks)

val fs = Node ("/", [Node ("bin", [Node ("ls", []), Node ("cat", [])]),
                     Node ("home", [Node ("ann", [Node ("notes.txt", [])]), Node ("bob", [])]),
                     Node ("tmp", [])])
val result = (size fs, depth fs, flatten fs, flatten (rmap String.size fs),
              fold (fn (x, counts) => 1 + foldl op+ 0 counts) fs, String.concatWith "\n" (pretty (fs, "")))
