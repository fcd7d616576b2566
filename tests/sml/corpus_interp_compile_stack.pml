(* Compiling arithmetic expressions with variables to a stack machine, running
   the code, and checking it against a direct evaluator *)
datatype exp = Lit of int | Var of string | Bin of char * exp * exp | LetE of string * exp * exp
datatype instr = Push of int | Load of int | Store | Drop | Op of char

(* variables are compiled to stack depths from the top *)
fun compile (env, depth, Lit n) = [Push n]
  | compile (env, depth, Var x) =
      let fun find (i, []) = raise Fail ("unbound " ^ x)
            | find (i, (y, d) :: r) = if x = y then depth - d else find (i + 1, r)
      in [Load (find (0, env))] end
  | compile (env, depth, Bin (c, a, b)) = compile (env, depth, a) @ compile (env, depth + 1, b) @ [Op c]
  | compile (env, depth, LetE (x, e, body)) =
      compile (env, depth, e) @ compile ((x, depth + 1) :: env, depth + 1, body) @ [Store, Drop]

fun arith (#"+", a, b) = a + b
  | arith (#"-", a, b) = a - b
  | arith (#"*", a, b) = a * b
  | arith (_, a, b) = a div b

fun exec ([], [v]) = v
  | exec ([], _) = raise Fail "bad final stack"
  | exec (Push n :: is, st) = exec (is, n :: st)
  | exec (Load k :: is, st) = exec (is, List.nth (st, k) :: st)
  | exec (Store :: is, v :: _ :: st) = exec (is, v :: v :: st)
  | exec (Drop :: is, v :: _ :: st) = exec (is, v :: st)
  | exec (Op c :: is, b :: a :: st) = exec (is, arith (c, a, b) :: st)
  | exec _ = raise Fail "stack underflow"

fun eval env (Lit n) = n
  | eval env (Var x) = #2 (valOf (List.find (fn (y, _) => y = x) env))
  | eval env (Bin (c, a, b)) = arith (c, eval env a, eval env b)
  | eval env (LetE (x, e, b)) = eval ((x, eval env e) :: env) b

val progs = [Bin (#"+", Lit 2, Bin (#"*", Lit 3, Lit 4)),
             LetE ("x", Lit 5, Bin (#"*", Var "x", Var "x")),
             LetE ("a", Lit 10, LetE ("b", Bin (#"-", Var "a", Lit 3), Bin (#"/", Bin (#"*", Var "a", Var "b"), Lit 2))),
             LetE ("x", Lit 1, Bin (#"+", LetE ("x", Lit 2, Var "x"), Var "x"))]
val result = (map (fn p => exec (compile ([], 0, p), [])) progs, map (eval []) progs,
              List.length (compile ([], 0, List.nth (progs, 2))),
              (exec (compile ([], 0, Var "q"), []); "ran") handle Fail m => m)
