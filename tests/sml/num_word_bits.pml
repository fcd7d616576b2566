(* andb, orb, xorb, notb and the shifts on 32-bit words. *)
val a : Word32.word = 0wxF0F0
val b : Word32.word = 0wx0FF0
val result = (Word32.andb (a, b), Word32.orb (a, b), Word32.xorb (a, b), Word32.notb a,
              Word32.<< (a, 0w4), Word32.>> (a, 0w4), Word32.~>> (Word32.notb a, 0w8),
              Word32.<< (a, 0w40), Word32.>> (a, 0w32))
