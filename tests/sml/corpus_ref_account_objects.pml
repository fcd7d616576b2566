(* Objects as closures over refs: accounts with deposit, withdraw and a
   transaction history, and a counter shared by all accounts *)
exception Overdrawn of int

val opened = ref 0

fun newAccount initial =
    let val balance = ref initial
        val history = ref [initial]
        val _ = opened := !opened + 1
        fun deposit n = (balance := !balance + n; history := n :: !history; !balance)
        fun withdraw n =
            if n > !balance then raise Overdrawn (!balance)
            else (balance := !balance - n; history := ~n :: !history; !balance)
    in {deposit = deposit, withdraw = withdraw, balance = fn () => !balance,
        history = fn () => rev (!history)} end

val a = newAccount 100
val b = newAccount 20
val _ = #deposit a 50
val _ = #withdraw a 30
val r = (#withdraw b 50; "ok") handle Overdrawn k => "overdrawn with " ^ Int.toString k
val _ = #deposit b 5
val result = (#balance a (), #balance b (), #history a (), #history b (), r, !opened)
