(* A call-by-value lambda calculus interpreter with closures and de Bruijn-free environments *)
datatype term = V of string | Lam of string * term | App of term * term
              | Lit of int | Add of term * term | IfZ of term * term * term

datatype value = Int of int | Clo of string * term * (string * value) list

exception Stuck of string

fun look (x, (y, v) :: env) = if x = y then v else look (x, env)
  | look (x, []) = raise Stuck ("unbound " ^ x)

fun ev env (V x) = look (x, env)
  | ev env (Lam (x, b)) = Clo (x, b, env)
  | ev env (App (f, a)) =
      (case ev env f of
           Clo (x, b, cenv) => ev ((x, ev env a) :: cenv) b
         | Int _ => raise Stuck "apply an int")
  | ev env (Lit n) = Int n
  | ev env (Add (a, b)) =
      (case (ev env a, ev env b) of (Int x, Int y) => Int (x + y) | _ => raise Stuck "add")
  | ev env (IfZ (c, t, e)) =
      (case ev env c of Int 0 => ev env t | Int _ => ev env e | _ => raise Stuck "ifz")

(* church numerals, converted back with +1 *)
fun church n = Lam ("f", Lam ("x", let fun body 0 = V "x" | body k = App (V "f", body (k - 1)) in body n end))
val succ = Lam ("n", Add (V "n", Lit 1))
fun unchurch t = App (App (t, succ), Lit 0)
val plus = Lam ("m", Lam ("n", Lam ("f", Lam ("x", App (App (V "m", V "f"), App (App (V "n", V "f"), V "x"))))))
val times = Lam ("m", Lam ("n", Lam ("f", App (V "m", App (V "n", V "f")))))

fun show (Int n) = Int.toString n
  | show (Clo (x, _, _)) = "<fn " ^ x ^ ">"

fun run t = show (ev [] t) handle Stuck s => "stuck: " ^ s
val result = map run [unchurch (church 5), unchurch (App (App (plus, church 3), church 4)),
                      unchurch (App (App (times, church 3), church 4)),
                      IfZ (Lit 0, Lit 1, Lit 2), App (Lit 1, Lit 2), V "z", Lam ("q", V "q")]
