(* Lazy streams as functions (Paulson ch. 5): naturals, filtering, primes, take *)
datatype 'a seq = Nil | Cons of 'a * (unit -> 'a seq)

fun from k = Cons (k, fn () => from (k + 1))
fun take (_, 0) = []
  | take (Nil, _) = []
  | take (Cons (x, xf), n) = x :: take (xf (), n - 1)
fun filterq p Nil = Nil
  | filterq p (Cons (x, xf)) = if p x then Cons (x, fn () => filterq p (xf ())) else filterq p (xf ())
fun mapq f Nil = Nil
  | mapq f (Cons (x, xf)) = Cons (f x, fn () => mapq f (xf ()))
fun sift p = filterq (fn n => n mod p <> 0)
fun sieve (Cons (p, nf)) = Cons (p, fn () => sieve (sift p (nf ())))
  | sieve Nil = Nil
fun iterates f x = Cons (x, fn () => iterates f (f x))
fun interleave (Nil, yq) = yq
  | interleave (Cons (x, xf), yq) = Cons (x, fn () => interleave (yq, xf ()))

val result = (take (from 5, 4), take (sieve (from 2), 15), take (mapq (fn x => x * x) (from 1), 6),
              take (iterates (fn x => x * 2) 1, 11), take (interleave (from 0, from 100), 6),
              take (filterq (fn x => x mod 7 = 3) (from 0), 5))
