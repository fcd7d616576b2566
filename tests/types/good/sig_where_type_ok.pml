signature STACK = sig
  type elem
  type stack
  val empty : stack
  val push : elem * stack -> stack
  val top : stack -> elem option
end
structure IntStack :> STACK where type elem = int = struct
  type elem = int
  type stack = int list
  val empty = []
  fun push (x, s) = x :: s
  fun top [] = NONE | top (x :: _) = SOME x
end
val result = IntStack.top (IntStack.push (41 + 1, IntStack.empty))
