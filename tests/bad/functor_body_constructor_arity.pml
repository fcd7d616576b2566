(* the parameter's datatype specification gives its constructors' arity *)
functor Eval (V : sig datatype v = Num of int | Nil val show : v -> string end) = struct
  fun isNum (V.Num) = true
    | isNum _ = false
end
