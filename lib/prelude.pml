(* prelude.pml — loaded before every PML program (README, The language).
 *
 * Only function definitions: everything here is evaluated (and profiled) in
 * every run, so the top level does no other work.  A program may shadow any
 * name defined here.
 *
 * Two parts:
 *   1. parallel vectors, built from parallel pairs {e1, e2} by divide and
 *      conquer over index ranges, as in the paper's Figure 1;
 *   2. list and option functions under their SML Basis names, with the
 *      Basis meanings (curried where the Basis is curried), so that a PML
 *      program without {...} means what it means in SML.  Where the Basis
 *      raises Empty, Subscript, Size or Option, so do these.
 *
 * Primitives (vector, sub, length, append, update, fromList, toList, param,
 * arithmetic, comparisons, real, floor, sqrt, ^, size, Int.toString, ...)
 * are built into the interpreter and are not defined here.
 *
 * Layout rule (used by tests/test_sml_oracle.sh to translate this file for
 * SML/NJ): every top-level declaration starts in column 0 with "fun"; its
 * other lines are indented. *)

(* ---- 1. parallel vectors ---------------------------------------------- *)

(* tabulate (f, n): the vector [f 0, ..., f (n-1)]; the two halves of every
 * range of two or more elements are built in parallel, then appended.
 * This is Figure 1 of the paper with one change: for an empty range Figure 1
 * evaluates vector (0, f i), which calls f once although the result is
 * empty (f 0 for tabulate (f, 0)).  That can fail (f 0 may index an empty
 * vector) and differs from SML's Vector.tabulate, so the empty case here is
 * fromList [] and f is never called.  The recursion itself never reaches an
 * empty range (it splits j >= 2 into k >= 1 and j - k >= 1), so for n >= 1
 * the program, its cost graph and its space are Figure 1's; n < 0 raises Size. *)
fun tabulate (f, n) =
  let fun loop (i, j) = (* offset i, length j *)
        if j < 1 then (if j = 0 then fromList [] else raise Size)
        else if j = 1 then vector (1, f i)
        else let
               val k = j div 2
               val lr = { loop (i, k), loop (i + k, j - k) }
             in
               append (#1 lr, #2 lr)
             end
  in
    loop (0, n)
  end

(* reducei f g id v: combines g (i, sub (v, i)) over all indices i with the
 * associative f, whose identity is id; the two halves of every range are
 * reduced in parallel.  Figure 1's dot product:
 *   reducei op+ (fn (i, x) => sub (b, i) * x) 0.0 a *)
fun reducei f g id v =
  let fun loop (i, j) = (* offset i, length j *)
        if j = 0 then id
        else if j = 1 then g (i, sub (v, i))
        else let
               val k = j div 2
               val lr = { loop (i, k), loop (i + k, j - k) }
             in
               f (#1 lr, #2 lr)
             end
  in
    loop (0, length v)
  end

(* reduce f id v: combines the elements of v with the associative f, whose
 * identity is id (reduce op+ 0 v is the sum); halves in parallel. *)
fun reduce f id v =
  let fun loop (i, j) =
        if j = 0 then id
        else if j = 1 then sub (v, i)
        else let
               val k = j div 2
               val lr = { loop (i, k), loop (i + k, j - k) }
             in
               f (#1 lr, #2 lr)
             end
  in
    loop (0, length v)
  end

(* mapv f v: the vector of f x for each element x of v, in parallel. *)
fun mapv f v = tabulate (fn i => f (sub (v, i)), length v)

(* mapreduce f g id v: reduce f id (mapv g v) without building the
 * intermediate vector.  Arguments in the order of reducei — combine, the
 * per-element function, identity, vector — so that
 *   mapreduce op+ (fn x => x * x) 0 v
 * is the sum of squares. *)
fun mapreduce f g id v =
  let fun loop (i, j) =
        if j = 0 then id
        else if j = 1 then g (sub (v, i))
        else let
               val k = j div 2
               val lr = { loop (i, k), loop (i + k, j - k) }
             in
               f (#1 lr, #2 lr)
             end
  in
    loop (0, length v)
  end

(* ---- 2. lists and options (SML Basis) ---------------------------------- *)

fun null [] = true
  | null _ = false

fun hd (x :: _) = x
  | hd [] = raise Empty

fun tl (_ :: xs) = xs
  | tl [] = raise Empty

fun op @ ([], ys) = ys
  | op @ (x :: xs, ys) = x :: (xs @ ys)

(* rev in linear time, with an accumulator *)
fun List.revAppend ([], acc) = acc
  | List.revAppend (x :: xs, acc) = List.revAppend (xs, x :: acc)

fun rev l = List.revAppend (l, [])

fun map f [] = []
  | map f (x :: xs) = f x :: map f xs

fun filter p [] = []
  | filter p (x :: xs) = if p x then x :: filter p xs else filter p xs

(* foldl f init [x1, ..., xn] = f (xn, ... f (x2, f (x1, init)) ...) *)
fun foldl f acc [] = acc
  | foldl f acc (x :: xs) = foldl f (f (x, acc)) xs

(* foldr f init [x1, ..., xn] = f (x1, f (x2, ... f (xn, init) ...)) *)
fun foldr f acc [] = acc
  | foldr f acc (x :: xs) = f (x, foldr f acc xs)

fun List.null l = null l
fun List.hd l = hd l
fun List.tl l = tl l
fun List.length l = length l
fun List.rev l = rev l
fun List.map f l = map f l
fun List.filter p l = filter p l
fun List.foldl f acc l = foldl f acc l
fun List.foldr f acc l = foldr f acc l

fun List.last [x] = x
  | List.last (_ :: xs) = List.last xs
  | List.last [] = raise Empty

(* List.nth (l, i): the i-th element, counting from 0 *)
fun List.nth (x :: xs, i) = if i = 0 then x else List.nth (xs, i - 1)
  | List.nth ([], _) = raise Subscript

(* List.take (l, i): the first i elements; List.drop (l, i): the rest *)
fun List.take (l, 0) = []
  | List.take (x :: xs, i) = x :: List.take (xs, i - 1)
  | List.take ([], _) = raise Subscript

fun List.drop (l, 0) = l
  | List.drop (_ :: xs, i) = List.drop (xs, i - 1)
  | List.drop ([], _) = raise Subscript

fun List.exists p [] = false
  | List.exists p (x :: xs) = p x orelse List.exists p xs

fun List.all p [] = true
  | List.all p (x :: xs) = p x andalso List.all p xs

fun List.find p [] = NONE
  | List.find p (x :: xs) = if p x then SOME x else List.find p xs

(* List.partition p l = (elements satisfying p, the others), in order *)
fun List.partition p [] = ([], [])
  | List.partition p (x :: xs) =
      let val (yes, no) = List.partition p xs
      in if p x then (x :: yes, no) else (yes, x :: no) end

(* List.tabulate (n, f) = [f 0, ..., f (n-1)] (sequential, unlike tabulate) *)
fun List.tabulate (n, f) =
  let fun from i = if i >= n then [] else f i :: from (i + 1)
  in if n < 0 then raise Size else from 0 end

(* List.concat: a list of lists appended *)
fun List.concat [] = []
  | List.concat (l :: ls) = l @ List.concat ls

(* concat is SML's top-level concat: String.concat, a list of strings joined *)
fun concat [] = ""
  | concat (s :: ss) = s ^ concat ss

fun String.concat l = concat l

fun valOf (SOME x) = x
  | valOf NONE = raise Option

fun isSome (SOME _) = true
  | isSome NONE = false

fun Option.valOf opt = valOf opt
fun Option.isSome opt = isSome opt

fun Real.fromInt i = real i
fun Math.sqrt x = sqrt x

(* ---- 3. more of the Basis: lists, pairs of lists, options, order,
 * characters, strings, vectors ----------------------------------------- *)
(* Written here in PML, so the cost semantics applies to them as to user
 * code (docs/semantics.md, "Characters, strings and the Basis"). *)

fun app (f : 'a -> unit) [] = ()
  | app f (x :: xs) = (f x; app f xs)

fun List.app f l = app f l

fun List.mapPartial f [] = []
  | List.mapPartial f (x :: xs) =
      (case f x of SOME y => y :: List.mapPartial f xs | NONE => List.mapPartial f xs)

fun List.getItem [] = NONE
  | List.getItem (x :: xs) = SOME (x, xs)

fun List.collate cmp ([], []) = EQUAL
  | List.collate cmp ([], _) = LESS
  | List.collate cmp (_, []) = GREATER
  | List.collate cmp (x :: xs, y :: ys) =
      (case cmp (x, y) of EQUAL => List.collate cmp (xs, ys) | r => r)

fun ListPair.zip (x :: xs, y :: ys) = (x, y) :: ListPair.zip (xs, ys)
  | ListPair.zip _ = []

fun ListPair.unzip [] = ([], [])
  | ListPair.unzip ((x, y) :: rest) =
      let val (xs, ys) = ListPair.unzip rest in (x :: xs, y :: ys) end

fun ListPair.map f (x :: xs, y :: ys) = f (x, y) :: ListPair.map f (xs, ys)
  | ListPair.map f _ = []

fun ListPair.app (f : 'a * 'b -> unit) (x :: xs, y :: ys) = (f (x, y); ListPair.app f (xs, ys))
  | ListPair.app f _ = ()

(* ListPair.foldl f init ([x1, ...], [y1, ...]) = f (xn, yn, ... f (x1, y1, init)) *)
fun ListPair.foldl f acc (x :: xs, y :: ys) = ListPair.foldl f (f (x, y, acc)) (xs, ys)
  | ListPair.foldl f acc _ = acc

fun ListPair.foldr f acc (x :: xs, y :: ys) = f (x, y, ListPair.foldr f acc (xs, ys))
  | ListPair.foldr f acc _ = acc

fun ListPair.all p (x :: xs, y :: ys) = p (x, y) andalso ListPair.all p (xs, ys)
  | ListPair.all p _ = true

fun ListPair.exists p (x :: xs, y :: ys) = p (x, y) orelse ListPair.exists p (xs, ys)
  | ListPair.exists p _ = false

fun getOpt (SOME x, _) = x
  | getOpt (NONE, d) = d

fun Option.getOpt p = getOpt p

fun Option.map f (SOME x) = SOME (f x)
  | Option.map f NONE = NONE

fun Option.mapPartial f (SOME x) = f x
  | Option.mapPartial f NONE = NONE

fun Option.join (SOME x) = x
  | Option.join NONE = NONE

fun Option.isNone NONE = true
  | Option.isNone (SOME _) = false

fun ignore _ = ()

fun Int.compare (a, b) = if a < b then LESS else if b < a then GREATER else EQUAL
fun Real.compare (a : real, b) = if a < b then LESS else if b < a then GREATER else EQUAL
fun Real.== (a : real, b) = a <= b andalso a >= b
fun Real.!= (a : real, b) = not (a <= b andalso a >= b)
fun Char.compare (a : char, b) = if a < b then LESS else if b < a then GREATER else EQUAL
fun String.compare (a : string, b) = if a < b then LESS else if b < a then GREATER else EQUAL

fun Int.sign i = if i < 0 then ~1 else if i > 0 then 1 else 0
fun Real.sign r = if r < 0.0 then ~1 else if r > 0.0 then 1 else 0

fun Char.isDigit c = #"0" <= c andalso c <= #"9"
fun Char.isUpper c = #"A" <= c andalso c <= #"Z"
fun Char.isLower c = #"a" <= c andalso c <= #"z"
fun Char.isAlpha c = Char.isUpper c orelse Char.isLower c
fun Char.isAlphaNum c = Char.isAlpha c orelse Char.isDigit c
fun Char.isSpace c = c = #" " orelse (#"\t" <= c andalso c <= #"\r")
fun Char.isPrint c = #" " <= c andalso c <= #"~"
fun Char.isGraph c = #"!" <= c andalso c <= #"~"
fun Char.isPunct c = Char.isGraph c andalso not (Char.isAlphaNum c)
fun Char.isHexDigit c =
  Char.isDigit c orelse (#"a" <= c andalso c <= #"f") orelse (#"A" <= c andalso c <= #"F")
fun Char.toUpper c = if Char.isLower c then chr (ord c - 32) else c
fun Char.toLower c = if Char.isUpper c then chr (ord c + 32) else c
fun Char.succ c = chr (ord c + 1)
fun Char.pred c = chr (ord c - 1)

(* explode s: the characters of s, one String.sub each *)
fun explode s =
  let fun from i = if i >= size s then [] else String.sub (s, i) :: from (i + 1)
  in from 0 end

fun String.explode s = explode s

fun Char.contains s c = List.exists (fn d => d = c) (explode s)
fun Char.notContains s c = not (Char.contains s c)

fun String.extract (s, i, NONE) = substring (s, i, size s - i)
  | String.extract (s, i, SOME n) = substring (s, i, n)

fun String.concatWith sep [] = ""
  | String.concatWith sep [s] = s
  | String.concatWith sep (s :: ss) = s ^ sep ^ String.concatWith sep ss

fun String.isPrefix p s =
  size p <= size s andalso substring (s, 0, size p) = p

fun String.isSuffix p s =
  size p <= size s andalso substring (s, size s - size p, size p) = p

fun String.isSubstring p s =
  let fun at i = i + size p <= size s andalso (substring (s, i, size p) = p orelse at (i + 1))
  in at 0 end

fun String.translate f s = concat (map f (explode s))

fun String.map f s = implode (map f (explode s))

(* String.fields: the pieces between separators (empty ones included);
 * String.tokens: the nonempty ones *)
fun String.fields isSep s =
  let fun go ([], cur, acc) = rev (implode (rev cur) :: acc)
        | go (c :: cs, cur, acc) =
            if isSep c then go (cs, [], implode (rev cur) :: acc)
            else go (cs, c :: cur, acc)
  in go (explode s, [], []) end

fun String.tokens isSep s = List.filter (fn t => t <> "") (String.fields isSep s)

fun Vector.tabulate (n, f) = tabulate (f, n)
fun Vector.map f v = mapv f v

fun Vector.foldl f acc v =
  let fun go (i, a) = if i >= length v then a else go (i + 1, f (sub (v, i), a))
  in go (0, acc) end

fun Vector.foldr f acc v =
  let fun go (i, a) = if i < 0 then a else go (i - 1, f (sub (v, i), a))
  in go (length v - 1, acc) end

fun Vector.app f v = Vector.foldl (fn (x, _) => f x) () v
fun Vector.exists p v = Vector.foldl (fn (x, b) => b orelse p x) false v
fun Vector.all p v = Vector.foldl (fn (x, b) => b andalso p x) true v

(* Arrays: Array.array, fromList, sub, update, length and vector are
 * primitives (docs/semantics.md, "Arrays"); these loop over them. *)
fun Array.tabulate (n, f) = Array.fromList (List.tabulate (n, f))

fun Array.foldli f acc a =
  let fun go (i, b) = if i >= Array.length a then b else go (i + 1, f (i, Array.sub (a, i), b))
  in go (0, acc) end

fun Array.foldri f acc a =
  let fun go (i, b) = if i < 0 then b else go (i - 1, f (i, Array.sub (a, i), b))
  in go (Array.length a - 1, acc) end

fun Array.foldl f acc a = Array.foldli (fn (_, x, b) => f (x, b)) acc a
fun Array.foldr f acc a = Array.foldri (fn (_, x, b) => f (x, b)) acc a
fun Array.appi f a = Array.foldli (fn (i, x, _) => f (i, x)) () a
fun Array.app f a = Array.foldli (fn (_, x, _) => f x) () a
fun Array.modifyi f a = Array.foldli (fn (i, x, _) => Array.update (a, i, f (i, x))) () a
fun Array.modify f a = Array.modifyi (fn (_, x) => f x) a
fun Array.exists p a = Array.foldl (fn (x, b) => b orelse p x) false a
fun Array.all p a = Array.foldl (fn (x, b) => b andalso p x) true a

(* ---- 4. more of the Basis: reals, folds with indices, pairs of equal
 * lengths, finding in vectors and arrays, copying, StringCvt, Int.fmt ---- *)

fun Real.isNan x = not (Real.== (x, x))
fun Real.isFinite x = Real.== (x - x, 0.0)

(* List.foldli (SML/NJ's): f (i, x, acc) over the elements with indices *)
fun List.foldli f acc l =
  let fun go (_, a, []) = a
        | go (i, a, x :: xs) = go (i + 1, f (i, x, a), xs)
  in go (0, acc, l) end

fun ListPair.zipEq ([], []) = []
  | ListPair.zipEq (x :: xs, y :: ys) = (x, y) :: ListPair.zipEq (xs, ys)
  | ListPair.zipEq _ = raise ListPair.UnequalLengths

fun ListPair.foldlEq f acc ([], []) = acc
  | ListPair.foldlEq f acc (x :: xs, y :: ys) = ListPair.foldlEq f (f (x, y, acc)) (xs, ys)
  | ListPair.foldlEq f acc _ = raise ListPair.UnequalLengths

fun ListPair.foldrEq f acc ([], []) = acc
  | ListPair.foldrEq f acc (x :: xs, y :: ys) = f (x, y, ListPair.foldrEq f acc (xs, ys))
  | ListPair.foldrEq f acc _ = raise ListPair.UnequalLengths

fun ListPair.mapEq f p = map f (ListPair.zipEq p)
fun ListPair.appEq f p = app f (ListPair.zipEq p)

fun Vector.foldli f acc v =
  let fun go (i, a) = if i >= length v then a else go (i + 1, f (i, sub (v, i), a))
  in go (0, acc) end

fun Vector.foldri f acc v =
  let fun go (i, a) = if i < 0 then a else go (i - 1, f (i, sub (v, i), a))
  in go (length v - 1, acc) end

fun Vector.appi f v = Vector.foldli (fn (i, x, _) => f (i, x)) () v
fun Vector.mapi f v = Vector.tabulate (length v, fn i => f (i, sub (v, i)))

fun Vector.findi p v =
  let fun go i = if i >= length v then NONE
                 else if p (i, sub (v, i)) then SOME (i, sub (v, i)) else go (i + 1)
  in go 0 end

fun Vector.find p v = Option.map #2 (Vector.findi (fn (_, x) => p x) v)

fun Array.findi p a =
  let fun go i = if i >= Array.length a then NONE
                 else if p (i, Array.sub (a, i)) then SOME (i, Array.sub (a, i)) else go (i + 1)
  in go 0 end

fun Array.find p a = Option.map #2 (Array.findi (fn (_, x) => p x) a)

(* Array.copyVec {src, dst, di}: src's elements into dst from index di;
 * Subscript (before any is copied) if they do not fit.  Array.copy goes
 * through a vector of src, so src and dst may be the same array. *)
fun Array.copyVec {src, dst, di} =
  if di < 0 orelse di + length src > Array.length dst then raise Subscript
  else Vector.appi (fn (i, x) => Array.update (dst, di + i, x)) src

fun Array.copy {src, dst, di} = Array.copyVec {src = Array.vector src, dst = dst, di = di}

fun StringCvt.padLeft c n s =
  if size s >= n then s else implode (List.tabulate (n - size s, fn _ => c)) ^ s

fun StringCvt.padRight c n s =
  if size s >= n then s else s ^ implode (List.tabulate (n - size s, fn _ => c))

(* ---- 5. numbers: Int.fmt and Int.scan, words and IntInf (docs/semantics.md,
 * "Words and IntInf") ---- *)

(* Int.fmt radix i: i's digits in base 2, 8, 10 or 16 (A-F), ~ if negative;
 * the digits of a negative i are taken from i itself (Int.quot, Int.rem),
 * so that Int.minInt, whose negation overflows, has its digits too *)
fun Int.fmt r i =
  let val b = case r of StringCvt.BIN => 2 | StringCvt.OCT => 8 | StringCvt.DEC => 10 | StringCvt.HEX => 16
      fun digits (n, acc) =
        if n = 0 then acc
        else digits (Int.quot (n, b), String.sub ("0123456789ABCDEF", abs (Int.rem (n, b))) :: acc)
  in if i = 0 then "0" else if i < 0 then "~" ^ implode (digits (i, [])) else implode (digits (i, [])) end

(* Int.scan radix getc src: white space, a sign (~, - or +), for HEX an
 * optional 0x or 0X, then digits of the radix; NONE without a digit.  The
 * digits are accumulated negated, so that Int.minInt reads; a number
 * outside int raises Overflow, as in the Basis *)
fun Int.scan r getc src =
  let val b = case r of StringCvt.BIN => 2 | StringCvt.OCT => 8 | StringCvt.DEC => 10 | StringCvt.HEX => 16
      fun digit c =
        let val k = ord c
            val d = if k >= 48 andalso k <= 57 then k - 48
                    else if k >= 97 andalso k <= 102 then k - 87
                    else if k >= 65 andalso k <= 70 then k - 55 else 99
        in if d < b then SOME d else NONE end
      fun digits (acc, s) =
        case getc s of
          SOME (c, s') => (case digit c of SOME d => digits (acc * b - d, s') | NONE => (acc, s))
        | NONE => (acc, s)
      fun number (neg, s) =
        case getc s of
          SOME (c, s') =>
            (case digit c of
               SOME d => let val (n, rest) = digits (~d, s') in SOME (if neg then n else ~n, rest) end
             | NONE => NONE)
        | NONE => NONE
      fun prefixed (neg, s) =
        case (b, getc s) of
          (16, SOME (#"0", s1)) =>
            (case getc s1 of
               SOME (x, s2) =>
                 if x = #"x" orelse x = #"X"
                 then (case number (neg, s2) of NONE => number (neg, s) | n => n)
                 else number (neg, s)
             | NONE => number (neg, s))
        | _ => number (neg, s)
      fun blank s =
        case getc s of
          SOME (c, s') => if Char.isSpace c then blank s' else s
        | NONE => s
      val s = blank src
  in
    case getc s of
      SOME (#"~", s') => prefixed (true, s')
    | SOME (#"-", s') => prefixed (true, s')
    | SOME (#"+", s') => prefixed (false, s')
    | _ => prefixed (false, s)
  end

(* fmt radix x for words and IntInf.int: curried here, the primitive
 * fmt' takes the pair *)
fun Word.fmt r w = Word.fmt' (r, w)
fun Word63.fmt r w = Word63.fmt' (r, w)
fun Word8.fmt r w = Word8.fmt' (r, w)
fun Word32.fmt r w = Word32.fmt' (r, w)
fun Word64.fmt r w = Word64.fmt' (r, w)
fun LargeWord.fmt r w = LargeWord.fmt' (r, w)
fun IntInf.fmt r i = IntInf.fmt' (r, i)
fun LargeInt.fmt r i = LargeInt.fmt' (r, i)
fun Real.fmt spec r = Real.fmt' (spec, r)
