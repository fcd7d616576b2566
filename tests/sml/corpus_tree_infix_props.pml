(* Propositional logic with infix constructors, as Paulson writes it:
   negation normal form, conjunctive normal form and a tautology test *)
infix 6 &&
infix 5 ||
infixr 4 ==>
datatype prop = Atom of string | Neg of prop | && of prop * prop | || of prop * prop
              | ==> of prop * prop

fun nnf (Atom a) = Atom a
  | nnf (Neg (Atom a)) = Neg (Atom a)
  | nnf (Neg (Neg p)) = nnf p
  | nnf (Neg (p && q)) = nnf (Neg p) || nnf (Neg q)
  | nnf (Neg (p || q)) = nnf (Neg p) && nnf (Neg q)
  | nnf (Neg (p ==> q)) = nnf p && nnf (Neg q)
  | nnf (p && q) = nnf p && nnf q
  | nnf (p || q) = nnf p || nnf q
  | nnf (p ==> q) = nnf (Neg p) || nnf q

fun distrib (p, q && r) = distrib (p, q) && distrib (p, r)
  | distrib (q && r, p) = distrib (q, p) && distrib (r, p)
  | distrib (p, q) = p || q

fun cnf (p && q) = cnf p && cnf q
  | cnf (p || q) = distrib (cnf p, cnf q)
  | cnf p = p

exception NonCNF
fun positives (Atom a) = [a]
  | positives (Neg (Atom _)) = []
  | positives (p || q) = positives p @ positives q
  | positives _ = raise NonCNF
fun negatives (Atom _) = []
  | negatives (Neg (Atom a)) = [a]
  | negatives (p || q) = negatives p @ negatives q
  | negatives _ = raise NonCNF

fun taut (p && q) = taut p andalso taut q
  | taut p = List.exists (fn a => List.exists (fn b => a = b) (negatives p)) (positives p)

val p = Atom "p" and q = Atom "q" and r = Atom "r"
val goals = [p ==> p, (p ==> q) ==> Neg q ==> Neg p, p && q ==> q || r, p || q ==> p,
             Neg (p && Neg p)]
val result = (nnf (Neg ((p ==> q) && r)), cnf (p || q && r), map (fn g => taut (cnf (nnf g))) goals,
              p ==> q ==> r, (p ==> q) ==> r, p && q || r, p && (q || r))
