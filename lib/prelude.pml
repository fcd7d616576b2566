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

(* ---- 5. text: Substring, StringCvt's readers, the rest of Char and
 * String (docs/basis.md) -------------------------------------------------- *)

(* A substring is Substring.SUBSTRING_ (s, i, n): the n characters of s from
 * index i (the Basis's base).  The constructor is abstract, so a substring
 * prints as -, as in SML/NJ. *)
fun Substring.base (Substring.SUBSTRING_ (s, i, n)) = (s, i, n)
fun Substring.string (Substring.SUBSTRING_ (s, i, n)) = substring (s, i, n)
fun Substring.size (Substring.SUBSTRING_ (_, _, n)) = n
fun Substring.isEmpty (Substring.SUBSTRING_ (_, _, n)) = n = 0
fun Substring.full s = Substring.SUBSTRING_ (s, 0, size s)

fun Substring.substring (s, i, n) =
  if i < 0 orelse n < 0 orelse i + n > size s then raise Subscript
  else Substring.SUBSTRING_ (s, i, n)

fun Substring.extract (s, i, NONE) =
      if i < 0 orelse i > size s then raise Subscript else Substring.SUBSTRING_ (s, i, size s - i)
  | Substring.extract (s, i, SOME n) = Substring.substring (s, i, n)

fun Substring.sub (Substring.SUBSTRING_ (s, i, n), k) =
  if k < 0 orelse k >= n then raise Subscript else String.sub (s, i + k)

fun Substring.getc (Substring.SUBSTRING_ (s, i, n)) =
  if n = 0 then NONE else SOME (String.sub (s, i), Substring.SUBSTRING_ (s, i + 1, n - 1))

fun Substring.first (Substring.SUBSTRING_ (s, i, n)) =
  if n = 0 then NONE else SOME (String.sub (s, i))

(* triml k drops k characters from the left (all there are if fewer);
 * Subscript if k < 0 *)
fun Substring.triml k (Substring.SUBSTRING_ (s, i, n)) =
  if k < 0 then raise Subscript
  else if k >= n then Substring.SUBSTRING_ (s, i + n, 0)
  else Substring.SUBSTRING_ (s, i + k, n - k)

fun Substring.trimr k (Substring.SUBSTRING_ (s, i, n)) =
  if k < 0 then raise Subscript
  else if k >= n then Substring.SUBSTRING_ (s, i, 0)
  else Substring.SUBSTRING_ (s, i, n - k)

fun Substring.slice (Substring.SUBSTRING_ (s, i, n), j, NONE) =
      if j < 0 orelse j > n then raise Subscript else Substring.SUBSTRING_ (s, i + j, n - j)
  | Substring.slice (Substring.SUBSTRING_ (s, i, n), j, SOME m) =
      if j < 0 orelse m < 0 orelse j + m > n then raise Subscript
      else Substring.SUBSTRING_ (s, i + j, m)

fun Substring.splitAt (Substring.SUBSTRING_ (s, i, n), k) =
  if k < 0 orelse k > n then raise Subscript
  else (Substring.SUBSTRING_ (s, i, k), Substring.SUBSTRING_ (s, i + k, n - k))

fun Substring.explode (Substring.SUBSTRING_ (s, i, n)) =
  let fun from k = if k >= n then [] else String.sub (s, i + k) :: from (k + 1)
  in from 0 end

fun Substring.concat l = concat (map Substring.string l)
fun Substring.concatWith sep l = String.concatWith sep (map Substring.string l)
fun Substring.translate f ss = concat (map f (Substring.explode ss))

fun Substring.foldl f acc (Substring.SUBSTRING_ (s, i, n)) =
  let fun go (k, a) = if k >= n then a else go (k + 1, f (String.sub (s, i + k), a))
  in go (0, acc) end

fun Substring.foldr f acc (Substring.SUBSTRING_ (s, i, n)) =
  let fun go (k, a) = if k < 0 then a else go (k - 1, f (String.sub (s, i + k), a))
  in go (n - 1, acc) end

fun Substring.app f ss = Substring.foldl (fn (c, _) => f c) () ss

(* the length of the longest prefix (splitl) or suffix (splitr) of
 * characters satisfying p *)
fun Substring.splitl p (Substring.SUBSTRING_ (s, i, n)) =
  let fun go k = if k < n andalso p (String.sub (s, i + k)) then go (k + 1) else k
      val k = go 0
  in (Substring.SUBSTRING_ (s, i, k), Substring.SUBSTRING_ (s, i + k, n - k)) end

fun Substring.splitr p (Substring.SUBSTRING_ (s, i, n)) =
  let fun go k = if k > 0 andalso p (String.sub (s, i + k - 1)) then go (k - 1) else k
      val k = go n
  in (Substring.SUBSTRING_ (s, i, k), Substring.SUBSTRING_ (s, i + k, n - k)) end

fun Substring.takel p ss = #1 (Substring.splitl p ss)
fun Substring.dropl p ss = #2 (Substring.splitl p ss)
fun Substring.taker p ss = #2 (Substring.splitr p ss)
fun Substring.dropr p ss = #1 (Substring.splitr p ss)

(* does p occur in s at index j? *)
fun Substring.isPrefix p (Substring.SUBSTRING_ (s, i, n)) =
  size p <= n andalso substring (s, i, size p) = p

fun Substring.isSuffix p (Substring.SUBSTRING_ (s, i, n)) =
  size p <= n andalso substring (s, i + n - size p, size p) = p

fun Substring.isSubstring p ss = String.isSubstring p (Substring.string ss)

(* position p ss = (before, rest): rest starts at the first occurrence of
 * p (rest is empty, at ss's end, when there is none) *)
fun Substring.position p (Substring.SUBSTRING_ (s, i, n)) =
  let fun at k =
        if k + size p > n then (Substring.SUBSTRING_ (s, i, n), Substring.SUBSTRING_ (s, i + n, 0))
        else if substring (s, i + k, size p) = p
        then (Substring.SUBSTRING_ (s, i, k), Substring.SUBSTRING_ (s, i + k, n - k))
        else at (k + 1)
  in at 0 end

(* span (a, b): from a's start to b's end, both of the same string *)
fun Substring.span (Substring.SUBSTRING_ (s, i, _), Substring.SUBSTRING_ (t, j, m)) =
  if s = t andalso i <= j + m then Substring.SUBSTRING_ (s, i, j + m - i) else raise Span

fun Substring.collate cmp (a, b) = List.collate cmp (Substring.explode a, Substring.explode b)
fun Substring.compare (a, b) = String.compare (Substring.string a, Substring.string b)

(* fields: the pieces between separators, empty ones included; tokens:
 * the nonempty ones *)
fun Substring.fields isSep (Substring.SUBSTRING_ (s, i, n)) =
  let fun go (start, k, acc) =
        if k >= n then rev (Substring.SUBSTRING_ (s, i + start, k - start) :: acc)
        else if isSep (String.sub (s, i + k))
        then go (k + 1, k + 1, Substring.SUBSTRING_ (s, i + start, k - start) :: acc)
        else go (start, k + 1, acc)
  in go (0, 0, []) end

fun Substring.tokens isSep ss = List.filter (fn t => not (Substring.isEmpty t)) (Substring.fields isSep ss)

(* StringCvt's readers: a (char, 'a) reader takes a source to SOME (c,
 * rest) or NONE *)
fun StringCvt.splitl p getc src =
  let fun go (acc, src) =
        case getc src of
          SOME (c, rest) => if p c then go (c :: acc, rest) else (implode (rev acc), src)
        | NONE => (implode (rev acc), src)
  in go ([], src) end

fun StringCvt.takel p getc src = #1 (StringCvt.splitl p getc src)

fun StringCvt.dropl p getc src =
  case getc src of
    SOME (c, rest) => if p c then StringCvt.dropl p getc rest else src
  | NONE => src

fun StringCvt.skipWS getc src = StringCvt.dropl Char.isSpace getc src

(* scanString scan s: scan reads s from index 0 (the Basis's cs is an index) *)
fun StringCvt.scanString scan s =
  let fun getc i = if i < size s then SOME (String.sub (s, i), i + 1) else NONE
  in case scan getc 0 of SOME (x, _) => SOME x | NONE => NONE end

(* Char.scan reads one character as SML writes it inside a string literal
 * (the escapes \n, \t, \^C, \ddd, \uXXXX, \", \\, and \ f..f \ gaps of
 * white space, which are skipped); NONE at a character that is not
 * printable or at a bad escape *)
fun Char.scan getc src =
  let fun digits (n, base, src, acc) =
        if n = 0 then SOME (acc, src)
        else case getc src of
               SOME (c, rest) =>
                 if (base = 10 andalso Char.isDigit c) orelse (base = 16 andalso Char.isHexDigit c)
                 then digits (n - 1, base, rest,
                              acc * base + (if Char.isDigit c then ord c - 48
                                            else ord (Char.toLower c) - 87))
                 else NONE
             | NONE => NONE
      fun code (SOME (k, rest)) = if k <= 255 then SOME (chr k, rest) else NONE
        | code NONE = NONE
      fun gap src =
        case getc src of
          SOME (#"\\", rest) => Char.scan getc rest
        | SOME (c, rest) => if Char.isSpace c then gap rest else NONE
        | NONE => NONE
      fun escape src =
        case getc src of
          SOME (#"a", r) => SOME (#"\a", r) | SOME (#"b", r) => SOME (#"\b", r)
        | SOME (#"t", r) => SOME (#"\t", r) | SOME (#"n", r) => SOME (#"\n", r)
        | SOME (#"v", r) => SOME (#"\v", r) | SOME (#"f", r) => SOME (#"\f", r)
        | SOME (#"r", r) => SOME (#"\r", r) | SOME (#"\\", r) => SOME (#"\\", r)
        | SOME (#"\"", r) => SOME (#"\"", r)
        | SOME (#"^", r) =>
            (case getc r of
               SOME (c, r') => if #"@" <= c andalso c <= #"_" then SOME (chr (ord c - 64), r') else NONE
             | NONE => NONE)
        | SOME (#"u", r) => code (digits (4, 16, r, 0))
        | SOME (c, r) =>
            if Char.isDigit c then code (digits (3, 10, src, 0))
            else if Char.isSpace c then gap r
            else NONE
        | NONE => NONE
  in
    case getc src of
      SOME (#"\\", rest) => escape rest
    | SOME (c, rest) => if Char.isPrint c then SOME (c, rest) else NONE
    | NONE => NONE
  end

fun Char.fromString s = StringCvt.scanString Char.scan s

(* String.scan: the characters Char.scan reads, up to the first it cannot
 * (NONE if that is the first) *)
fun String.scan getc src =
  let fun go (acc, src) =
        case Char.scan getc src of
          SOME (c, rest) => go (c :: acc, rest)
        | NONE => (implode (rev acc), src)
  in case Char.scan getc src of
       NONE => (case getc src of NONE => SOME ("", src) | SOME _ => NONE)
     | SOME _ => SOME (go ([], src))
  end

fun String.fromString s = StringCvt.scanString String.scan s

fun Char.isAscii c = ord c < 128
fun Char.isCntrl c = ord c < 32 orelse ord c = 127
fun Char.< (a, b) = (a : char) < b
fun Char.<= (a, b) = (a : char) <= b
fun Char.> (a, b) = (a : char) > b
fun Char.>= (a, b) = (a : char) >= b

(* Char.toCString: the character as C writes it in a string literal *)
fun Char.toCString c =
  case c of
    #"\n" => "\\n" | #"\t" => "\\t" | #"\v" => "\\v" | #"\b" => "\\b" | #"\r" => "\\r"
  | #"\f" => "\\f" | #"\a" => "\\a" | #"\\" => "\\\\" | #"\"" => "\\\"" | #"?" => "\\?"
  | #"'" => "\\'"
  | _ => if Char.isPrint c then str c
         else "\\" ^ implode (map (fn k => chr (48 + k)) [ord c div 64, ord c div 8 mod 8, ord c mod 8])

fun String.toCString s = String.translate Char.toCString s

fun String.< (a, b) = (a : string) < b
fun String.<= (a, b) = (a : string) <= b
fun String.> (a, b) = (a : string) > b
fun String.>= (a, b) = (a : string) >= b
fun String.^ (a, b) = a ^ b
fun String.collate cmp (a, b) = List.collate cmp (explode a, explode b)
fun String.rev s = implode (rev (explode s))
fun String.implodeRev l = implode (rev l)
fun String.concatWithMap sep f l = String.concatWith sep (map f l)

fun Bool.not b = not b
fun Bool.toString b = if b then "true" else "false"

(* Bool.scan: white space, then true or false *)
fun Bool.scan getc src =
  let fun lit (p, k, s) =
        if k = size p then SOME s
        else case getc s of
               SOME (c, r) => if c = String.sub (p, k) then lit (p, k + 1, r) else NONE
             | NONE => NONE
      val s = StringCvt.skipWS getc src
  in case lit ("true", 0, s) of
       SOME r => SOME (true, r)
     | NONE => Option.map (fn r => (false, r)) (lit ("false", 0, s))
  end

fun Bool.fromString s = StringCvt.scanString Bool.scan s

fun General.! r = !r
fun General.:= (r, v) = r := v
fun General.ignore _ = ()
fun General.o (f, g) x = f (g x)
fun General.before (a, _) = a

fun List.@ (a, b) = a @ b
fun List.sub (l, i) = if i < 0 then raise Subscript else List.nth (l, i)
fun List.splitAt (l, i) = (List.take (l, i), List.drop (l, i))
fun List.update (l, i, x) =
  if i < 0 then raise Subscript
  else List.take (l, i) @ (case List.drop (l, i) of _ :: r => x :: r | [] => raise Subscript)
fun List.mapi f l = rev (List.foldli (fn (i, x, acc) => f (i, x) :: acc) [] l)
fun List.appi f l = List.foldli (fn (i, x, _) => f (i, x)) () l
fun List.foldri f acc l = List.foldli (fn (i, x, k) => fn a => k (f (i, x, a))) (fn a => a) l acc
fun List.findi p l =
  let fun go (_, []) = NONE
        | go (i, x :: xs) = if p (i, x) then SOME (i, x) else go (i + 1, xs)
  in go (0, l) end
fun List.concatMap f l = List.concat (map f l)
fun List.revMap f l = foldl (fn (x, acc) => f x :: acc) [] l
fun List.reduce f id [] = id
  | List.reduce f id (x :: xs) = foldl f x xs

fun ListPair.mapi f (a, b) = List.mapi (fn (i, (x, y)) => f (i, x, y)) (ListPair.zip (a, b))
fun ListPair.appi f (a, b) = List.appi (fn (i, (x, y)) => f (i, x, y)) (ListPair.zip (a, b))
fun ListPair.allEq p (a, b) = List.length a = List.length b andalso ListPair.all p (a, b)
fun ListPair.mapPartial f p = List.mapPartial f (ListPair.zip p)

fun Option.app f (SOME x) = f x
  | Option.app f NONE = ()
fun Option.filter p x = if p x then SOME x else NONE
fun Option.fold f acc (SOME x) = f (x, acc)
  | Option.fold f acc NONE = acc
fun Option.compose (f, g) x = Option.map f (g x)
fun Option.composePartial (f, g) x = Option.mapPartial f (g x)

fun Vector.toList v = toList v
fun Vector.concat vs = fromList (List.concat (map toList vs))
fun Vector.append (v, x) = fromList (toList v @ [x])
fun Vector.prepend (x, v) = fromList (x :: toList v)
fun Vector.collate cmp (a, b) = List.collate cmp (toList a, toList b)

fun Array.toList a = Array.foldr (fn (x, l) => x :: l) [] a
fun Array.fromVector v = Array.fromList (toList v)
fun Array.toVector a = Array.vector a
fun Array.collate cmp (a, b) = List.collate cmp (Array.toList a, Array.toList b)

fun TextIO.output1 (out, c) = TextIO.output (out, str c)
fun TextIO.outputSubstr (out, ss) = TextIO.output (out, Substring.string ss)
fun TextIO.closeOut out = TextIO.flushOut out

(* The arithmetic and comparison operators under Int's and Real's names
 * (structure I = Int ... op I.+) *)
fun Int.+ (a : int, b) = a + b
fun Int.- (a : int, b) = a - b
fun Int.* (a : int, b) = a * b
fun Int.div (a : int, b) = a div b
fun Int.mod (a : int, b) = a mod b
fun Int.~ (a : int) = ~a
fun Int.< (a : int, b) = a < b
fun Int.<= (a : int, b) = a <= b
fun Int.> (a : int, b) = a > b
fun Int.>= (a : int, b) = a >= b
fun Int.toInt (a : int) = a
fun Int.fromInt (a : int) = a
fun Int.sameSign (a, b) = Int.sign a = Int.sign b
fun Real.+ (a : real, b) = a + b
fun Real.- (a : real, b) = a - b
fun Real.* (a : real, b) = a * b
fun Real./ (a : real, b) = a / b
fun Real.~ (a : real) = ~a
fun Real.< (a : real, b) = a < b
fun Real.<= (a : real, b) = a <= b
fun Real.> (a : real, b) = a > b
fun Real.>= (a : real, b) = a >= b

(* SML/NJ's further List and ListPair members (with indices, folds of a
 * map, unfolds) *)
fun List.revMapi f l = rev (List.mapi f l)
fun List.mapPartiali f l = List.mapPartial (fn x => x) (List.mapi f l)
fun List.revMapPartial f l = rev (List.mapPartial f l)
fun List.revMapPartiali f l = rev (List.mapPartiali f l)
fun List.concatMapi f l = List.concat (List.mapi f l)
fun List.foldMapl f g acc l = foldl (fn (x, a) => f (g x, a)) acc l
fun List.foldMapr f g acc l = foldr (fn (x, a) => f (g x, a)) acc l

(* unfoldl f s: x1 :: x2 :: ... while f gives SOME (xi, s'); unfoldr the
 * same list reversed (SML/NJ's) *)
fun List.unfoldl f s =
  case f s of SOME (x, s') => x :: List.unfoldl f s' | NONE => []
fun List.unfoldr f s =
  let fun go (s, acc) = case f s of SOME (x, s') => go (s', x :: acc) | NONE => acc
  in go (s, []) end

fun ListPair.foldli f acc p = List.foldli (fn (i, (x, y), a) => f (i, x, y, a)) acc (ListPair.zip p)
fun ListPair.foldri f acc p = List.foldri (fn (i, (x, y), a) => f (i, x, y, a)) acc (ListPair.zip p)
fun ListPair.foldliEq f acc p = List.foldli (fn (i, (x, y), a) => f (i, x, y, a)) acc (ListPair.zipEq p)
fun ListPair.foldriEq f acc p = List.foldri (fn (i, (x, y), a) => f (i, x, y, a)) acc (ListPair.zipEq p)
fun ListPair.mapiEq f p = List.mapi (fn (i, (x, y)) => f (i, x, y)) (ListPair.zipEq p)
fun ListPair.appiEq f p = List.appi (fn (i, (x, y)) => f (i, x, y)) (ListPair.zipEq p)
fun ListPair.mapPartialEq f p = List.mapPartial f (ListPair.zipEq p)
fun ListPair.mapPartiali f p = List.mapPartiali (fn (i, (x, y)) => f (i, x, y)) (ListPair.zip p)
fun ListPair.mapPartialiEq f p = List.mapPartiali (fn (i, (x, y)) => f (i, x, y)) (ListPair.zipEq p)

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
