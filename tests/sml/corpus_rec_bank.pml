(* A bank ledger: accounts as records, transactions with exceptions *)
type account = {id : int, owner : string, balance : int}
exception Insufficient of {id : int, short : int}
exception NoAccount of int

fun find (id, []) = raise NoAccount id
  | find (id, (a : account) :: rest) = if #id a = id then a else find (id, rest)

fun replace (a : account, []) = []
  | replace (a : account, (b : account) :: rest) = if #id a = #id b then a :: rest else b :: replace (a, rest)

fun withdraw (accts, id, amt) =
  let val a = find (id, accts)
  in if #balance a < amt then raise Insufficient {id = id, short = amt - #balance a}
     else replace ({id = id, owner = #owner a, balance = #balance a - amt}, accts) end

fun deposit (accts, id, amt) =
  let val a = find (id, accts) in replace ({id = id, owner = #owner a, balance = #balance a + amt}, accts) end

fun transfer (accts, from, to, amt) = deposit (withdraw (accts, from, amt), to, amt)

fun attempt (accts, (from, to, amt)) =
  (transfer (accts, from, to, amt), "ok")
  handle Insufficient {id, short} => (accts, "account " ^ Int.toString id ^ " short by " ^ Int.toString short)
       | NoAccount id => (accts, "no account " ^ Int.toString id)

val start = [{id = 1, owner = "ann", balance = 100}, {id = 2, owner = "bo", balance = 50}]
fun run (accts, [], log) = (accts, rev log)
  | run (accts, t :: ts, log) = let val (a, msg) = attempt (accts, t) in run (a, ts, msg :: log) end
val result = run (start, [(1, 2, 30), (2, 1, 100), (1, 3, 5), (2, 1, 80)], [])
