(* Constructors with infix status print infix, parenthesised by precedence
   and associativity; after nonfix, prefix again; abstype values print - *)
infix 6 ++
infix 7 **
infixr 5 @@
infix 4 ~~
datatype e = Num of int | ++ of e * e | ** of e * e | @@ of e * e | Neg of e | ~~ of e * e
type pair = e * e
datatype w = W of pair | :-: of pair
infixr 5 :-:
abstype a = A of int with fun mk n = A n end
val cases = [Num 1 ++ Num 2 ** Num 3, (Num 1 ++ Num 2) ** Num 3, Num 1 ++ (Num 2 ++ Num 3),
             (Num 1 ++ Num 2) ++ Num 3, (Num 1 @@ Num 2) @@ Num 3, Num 1 @@ Num 2 @@ Num 3,
             Neg (Num 1 ++ Num 2), Neg (Num 1) ++ Neg (Num 2), (Num 1 @@ Num 2) ++ Num 3,
             Num 1 ++ (Num 2 @@ Num 3), (Num 1 ~~ Num 2) ++ Num 3, Num 1 ** (Num 2 ~~ Num 3)]
val p = (Num 1, Num 2)
nonfix ~~
val result = (cases, SOME (Num 1 ++ Num 2), [Num 1 ++ Num 2], (Num 1 ++ Num 2, 3), ~~ (Num 4, Num 5),
              W p, Num 1 :-: Num 2, op :-: p, mk 3, [mk 1, mk 2])
