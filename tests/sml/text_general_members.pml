(* General's members under their structure's name, and exnName and
 * exnMessage of the Basis exceptions text code meets. *)
val r = ref 1
val _ = General.:= (r, General.! r + 41)
val f = General.o (fn x => x + 1, fn x => x * 2)
val names = map exnName [Span, Subscript, Chr, Size, Empty, Option, Fail "x"]
val msgs = map exnMessage [Span, Subscript, Chr, Fail "bad input"]

val result = (!r, f 5, General.before (1, ()), General.ignore 3, names, msgs)
