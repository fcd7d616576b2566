(* Bit operations on IntInf (two's complement, infinitely sign-extended). *)
val a = IntInf.fromInt 0xF0
val result = (IntInf.andb (a, IntInf.fromInt 0x3C), IntInf.orb (a, IntInf.fromInt 1), IntInf.xorb (a, IntInf.fromInt 0xFF),
              IntInf.notb a, IntInf.<< (a, 0w100), IntInf.~>> (IntInf.fromInt ~7, 0w1), IntInf.andb (IntInf.fromInt ~1, IntInf.fromInt 255))
