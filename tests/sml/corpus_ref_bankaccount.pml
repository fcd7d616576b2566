(* Objects as closures over references (a bank account with a history) *)
fun makeAccount initial =
  let val balance = ref initial
      val history = ref []
      fun deposit n = (balance := !balance + n; history := ("deposit", n) :: !history; !balance)
      fun withdraw n =
        if n > !balance then (history := ("refused", n) :: !history; !balance)
        else (balance := !balance - n; history := ("withdraw", n) :: !history; !balance)
      fun report () = (!balance, rev (!history))
  in (deposit, withdraw, report) end

val (dep, wd, rep) = makeAccount 100
val r1 = dep 50
val r2 = wd 30
val r3 = wd 500
val (dep2, _, rep2) = makeAccount 0
val r4 = dep2 7
val result = ([r1, r2, r3, r4], rep (), rep2 ())
