(* prims.sml — the PML primitives defined in Standard ML (SML/NJ 110.79),
 * so that a PML program without parallel pairs, or one whose {e1, e2} were
 * rewritten to (e1, e2), runs under SML/NJ as an oracle for its value.
 * Loaded by tests/test_sml_oracle.sh after a generated definition of
 * `param` and before the translated prelude and the program.
 *
 * Limits (SML is statically typed, PML is not):
 *   - length is Vector.length here: PML's length also works on lists, but
 *     SML cannot overload it, so programs meant for the oracle use
 *     List.length on lists.
 *   - min and max are on int only (PML's also work on reals); programs
 *     meant for the oracle compare reals with if/then/else.
 *   - Everything else that PML builds in and SML's top level already has
 *     (+ - * / div mod ~ abs real floor round trunc not = <> < > <= >= ^
 *     size Int.toString) is left to SML. *)

(* vector (n, x): n copies of x (x is evaluated once, even when n = 0) *)
fun vector (n : int, x : 'a) : 'a vector = Vector.tabulate (n, fn _ => x)
fun sub (v : 'a vector, i : int) : 'a = Vector.sub (v, i)
fun length (v : 'a vector) : int = Vector.length v
fun append (a : 'a vector, b : 'a vector) : 'a vector = Vector.concat [a, b]
fun update (v : 'a vector, i : int, x : 'a) : 'a vector = Vector.update (v, i, x)
fun fromList (l : 'a list) : 'a vector = Vector.fromList l
fun toList (v : 'a vector) : 'a list = Vector.foldr (op ::) [] v

val sqrt : real -> real = Math.sqrt
fun intToString (i : int) : string = Int.toString i
fun min (a : int, b : int) : int = if a < b then a else b
fun max (a : int, b : int) : int = if a > b then a else b

(* The prelude's curried fmt functions call primitives that take the pair
 * (as the prelude-vs-Basis check renames them; SML/NJ 110.79 has no
 * Word63: it is Word there) *)
fun Word_fmt' (r, w) = Word.fmt r w
fun Word63_fmt' (r, w) = Word.fmt r w
fun Word8_fmt' (r, w) = Word8.fmt r w
fun Word32_fmt' (r, w) = Word32.fmt r w
fun Word64_fmt' (r, w) = Word64.fmt r w
fun LargeWord_fmt' (r, w) = LargeWord.fmt r w
fun IntInf_fmt' (r, i) = IntInf.fmt r i
fun LargeInt_fmt' (r, i) = LargeInt.fmt r i
fun Real_fmt' (f, x) = Real.fmt f x
