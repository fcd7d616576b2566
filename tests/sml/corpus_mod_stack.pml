(* A stack structure with a signature, opaque ascription and exceptions *)
signature STACK = sig
  type 'a stack
  exception EmptyStack
  val empty : 'a stack
  val push : 'a * 'a stack -> 'a stack
  val pop : 'a stack -> 'a * 'a stack
  val isEmpty : 'a stack -> bool
  val size : 'a stack -> int
end

structure Stack :> STACK = struct
  type 'a stack = 'a list
  exception EmptyStack
  val empty = []
  fun push (x, s) = x :: s
  fun pop [] = raise EmptyStack
    | pop (x :: s) = (x, s)
  fun isEmpty s = null s
  fun size s = List.length s
end

fun balanced s =
  let fun go ([], st) = Stack.isEmpty st
        | go (c :: cs, st) =
            if c = #"(" orelse c = #"[" then go (cs, Stack.push (c, st))
            else if c = #")" orelse c = #"]" then
              (let val (top, rest) = Stack.pop st
               in (top = #"(" andalso c = #")" orelse top = #"[" andalso c = #"]") andalso go (cs, rest) end)
              handle Stack.EmptyStack => false
            else go (cs, st)
  in go (explode s, Stack.empty) end

val s3 = Stack.push (3, Stack.push (2, Stack.push (1, Stack.empty)))
val result = (Stack.size s3, #1 (Stack.pop s3), map balanced ["(a[b]c)", "([)]", "((", "x)", ""])
