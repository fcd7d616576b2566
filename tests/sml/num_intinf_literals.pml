(* Integer constants larger than int, in IntInf context. *)
val big : IntInf.int = 123456789012345678901234567890
val neg : IntInf.int = ~98765432109876543210
val result = (big + neg, big * neg, big div 1000000007, big mod 1000000007)
