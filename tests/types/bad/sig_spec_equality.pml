signature MEM = sig val mem : 'a * 'a list -> bool end
structure M : MEM = struct
  fun mem (x, []) = false
    | mem (x, y :: ys) = x = y orelse mem (x, ys)
end
