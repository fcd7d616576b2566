(* Retrying an operation that fails with different exceptions, handlers
   that re-raise, and finally-style cleanup with a ref log *)
exception Transient of int
exception Permanent of string

val log = ref ([] : string list)
fun note s = log := s :: !log

(* succeeds on the attempt numbered ok, fails transiently before it *)
fun flaky ok attempt =
    if attempt < ok then raise Transient attempt
    else if ok < 0 then raise Permanent "broken"
    else attempt * 100

fun retry (f, tries) =
    let fun go k =
            (note ("try " ^ Int.toString k); f k)
            handle Transient n => if k < tries then go (k + 1) else raise Permanent ("gave up after " ^ Int.toString n)
    in go 1 end

fun withCleanup (f, x) =
    let val r = f x handle e => (note "cleanup (error)"; raise e)
    in note "cleanup"; r end

val r1 = retry (flaky 3, 5)
val r2 = (retry (flaky 9, 3); "ok") handle Permanent m => m
val r3 = (withCleanup (fn () => retry (flaky ~1, 2), ()); "ok") handle Permanent m => "permanent: " ^ m
val result = (r1, r2, r3, rev (!log))
