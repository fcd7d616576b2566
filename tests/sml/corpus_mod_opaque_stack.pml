(* A stack abstraction behind an opaque signature, used by a bracket matcher *)
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

fun matches (#"(", #")") = true
  | matches (#"[", #"]") = true
  | matches (#"{", #"}") = true
  | matches _ = false

fun balanced s =
    let fun go ([], st) = Stack.isEmpty st
          | go (c :: cs, st) =
              if Char.contains "([{" c then go (cs, Stack.push (c, st))
              else if Char.contains ")]}" c then
                  (let val (top, st') = Stack.pop st
                   in matches (top, c) andalso go (cs, st') end
                   handle Stack.EmptyStack => false)
              else go (cs, st)
    in go (explode s, Stack.empty) end

val result = (map balanced ["(a[b]{c})", "([)]", "((", "", "x)", "{[()()]}"],
              Stack.size (Stack.push (1, Stack.push (2, Stack.empty))))
