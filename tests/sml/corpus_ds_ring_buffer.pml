(* A bounded ring buffer over a vector with a record of indices;
   overflow and underflow signalled with exceptions *)
type 'a ring = {buf : 'a vector, head : int, size : int}

exception Full
exception EmptyRing

fun create (n, x) = {buf = Vector.tabulate (n, fn _ => x), head = 0, size = 0}

fun push ({buf, head, size} : 'a ring, x) =
    let val cap = Vector.length buf in
        if size = cap then raise Full
        else {buf = Vector.update (buf, (head + size) mod cap, x), head = head, size = size + 1}
    end

fun pop ({buf, head, size} : 'a ring) =
    if size = 0 then raise EmptyRing
    else (Vector.sub (buf, head),
          {buf = buf, head = (head + 1) mod Vector.length buf, size = size - 1})

fun contents (r : 'a ring) =
    List.tabulate (#size r, fn i => Vector.sub (#buf r, (#head r + i) mod Vector.length (#buf r)))

val r0 = create (4, 0)
val r1 = foldl (fn (x, r) => push (r, x)) r0 [1, 2, 3]
val (a, r2) = pop r1
val (b, r3) = pop r2
val r4 = foldl (fn (x, r) => push (r, x)) r3 [4, 5, 6]
val full = (push (r4, 7); "no") handle Full => "full"
val empty = (pop r0; "no") handle EmptyRing => "empty"
val result = (a, b, contents r4, #head r4, #size r4, full, empty)
