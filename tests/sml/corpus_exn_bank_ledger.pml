(* A ledger of accounts with transfers validated by exceptions; a failed
   transfer leaves the ledger unchanged *)
exception NoAccount of string
exception Insufficient of {account : string, balance : int, wanted : int}

fun balance (ledger, name) =
    case List.find (fn (n, _) => n = name) ledger of
        SOME (_, b) => b
      | NONE => raise NoAccount name

fun setBalance (ledger, name, b) = map (fn (n, x) => if n = name then (n, b) else (n, x)) ledger

fun transfer (ledger, from, to, amt) =
    let val bf = balance (ledger, from)
        val bt = balance (ledger, to)
    in if bf < amt then raise Insufficient {account = from, balance = bf, wanted = amt}
       else setBalance (setBalance (ledger, from, bf - amt), to, bt + amt)
    end

fun apply (ledger, []) = (ledger, [])
  | apply (ledger, (f, t, a) :: rest) =
      let val (l', msgs) =
              (transfer (ledger, f, t, a), "ok")
              handle NoAccount n => (ledger, "no account " ^ n)
                   | Insufficient {account, balance, wanted} =>
                       (ledger, account ^ " has " ^ Int.toString balance ^ ", needs " ^ Int.toString wanted)
          val (final, rest') = apply (l', rest)
      in (final, msgs :: rest') end

val start = [("ann", 100), ("bob", 50), ("cy", 0)]
val result = apply (start, [("ann", "bob", 30), ("bob", "cy", 100), ("cy", "dan", 1),
                            ("bob", "cy", 80), ("cy", "ann", 5)])
