(* A structure holding state (a ref) and a fresh-name generator *)
structure Gensym = struct
  val counter = ref 0
  fun fresh prefix = (counter := !counter + 1; prefix ^ Int.toString (!counter))
  fun reset () = counter := 0
end

datatype term = Var of string | App of term * term | Lam of string * term

fun rename (Var x, env) = Var (getOpt (Option.map #2 (List.find (fn (a, _) => a = x) env), x))
  | rename (App (a, b), env) = App (rename (a, env), rename (b, env))
  | rename (Lam (x, b), env) = let val y = Gensym.fresh "v" in Lam (y, rename (b, (x, y) :: env)) end

fun show (Var x) = x
  | show (App (a, b)) = "(" ^ show a ^ " " ^ show b ^ ")"
  | show (Lam (x, b)) = "\\" ^ x ^ "." ^ show b

val t = Lam ("x", Lam ("y", App (App (Var "x", Var "y"), Lam ("x", App (Var "x", Var "z")))))
val first = show (rename (t, []))
val second = show (rename (t, []))
val _ = Gensym.reset ()
val third = show (rename (t, []))
val result = (first, second, third, first = third)
