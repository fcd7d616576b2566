(* Boolean formulas: a recursive-descent parser (not, and, or, ->, parens),
   evaluation under every assignment, and tautology checking *)
datatype formula = Var of char | Not of formula | And of formula * formula
                 | Or of formula * formula | Imp of formula * formula

exception Syntax of string

fun parse s =
    let fun skip (#" " :: r) = skip r
          | skip r = r
        fun imp cs =
            let val (a, r) = disj cs in
                case skip r of
                    #"-" :: #">" :: r' => let val (b, r'') = imp r' in (Imp (a, b), r'') end
                  | r' => (a, r')
            end
        and disj cs =
            let val (a, r) = conj cs
                fun loop (a, r) = case skip r of
                                      #"|" :: r' => let val (b, r'') = conj r' in loop (Or (a, b), r'') end
                                    | r' => (a, r')
            in loop (a, r) end
        and conj cs =
            let val (a, r) = atom cs
                fun loop (a, r) = case skip r of
                                      #"&" :: r' => let val (b, r'') = atom r' in loop (And (a, b), r'') end
                                    | r' => (a, r')
            in loop (a, r) end
        and atom cs =
            case skip cs of
                #"~" :: r => let val (a, r') = atom r in (Not a, r') end
              | #"(" :: r => (case imp r of
                                  (a, r') => (case skip r' of
                                                  #")" :: r'' => (a, r'')
                                                | _ => raise Syntax "expected )"))
              | c :: r => if Char.isLower c then (Var c, r) else raise Syntax ("unexpected " ^ str c)
              | [] => raise Syntax "unexpected end"
    in case imp (explode s) of
           (f, []) => f
         | (_, c :: _) => raise Syntax ("trailing " ^ str c)
    end

fun vars (Var c) = [c]
  | vars (Not a) = vars a
  | vars (And (a, b)) = vars a @ vars b
  | vars (Or (a, b)) = vars a @ vars b
  | vars (Imp (a, b)) = vars a @ vars b

fun dedup [] = []
  | dedup (x :: r) = x :: dedup (List.filter (fn y => y <> x) r)

fun eval env (Var c) = #2 (valOf (List.find (fn (v, _) => v = c) env))
  | eval env (Not a) = not (eval env a)
  | eval env (And (a, b)) = eval env a andalso eval env b
  | eval env (Or (a, b)) = eval env a orelse eval env b
  | eval env (Imp (a, b)) = not (eval env a) orelse eval env b

fun envs [] = [[]]
  | envs (v :: vs) = let val r = envs vs in map (fn e => (v, true) :: e) r @ map (fn e => (v, false) :: e) r end

fun classify s =
    let val f = parse s
        val results = map (fn e => eval e f) (envs (dedup (vars f)))
    in if List.all (fn b => b) results then "tautology"
       else if List.exists (fn b => b) results then "satisfiable" else "contradiction"
    end handle Syntax m => "syntax error: " ^ m

val result = map classify ["p | ~p", "p & ~p", "(p -> q) & p -> q", "p -> q", "a & (b | c)",
                           "(p & q", "p + q", "~(p & q) -> ~p | ~q"]
