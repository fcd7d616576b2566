structure Q = struct
  datatype 'a q = Q of 'a list * 'a list
  val empty = Q ([], [])
  fun push (Q (f, b), x) = Q (f, x :: b)
  fun size (Q (f, b)) = List.length f + List.length b
end
val result = (Q.size (Q.push (Q.push (Q.empty, 1), 2)), Q.size (Q.push (Q.empty, "s")))
