(* A functor of two structures whose types must agree, said with a sharing
   constraint in the parameter: move the items of a stack into a queue *)
signature STACK = sig
  type elem
  type stack
  val empty : stack
  val push : elem * stack -> stack
  val pop : stack -> (elem * stack) option
end

signature QUEUE = sig
  type elem
  type queue
  val empty : queue
  val enqueue : queue * elem -> queue
  val toList : queue -> elem list
end

functor Transfer (structure S : STACK
                  structure Q : QUEUE
                  sharing type S.elem = Q.elem) = struct
  fun drain (s, q) =
    case S.pop s of
        NONE => q
      | SOME (x, s') => drain (s', Q.enqueue (q, x))
  fun fromList l = List.foldl S.push S.empty l
  fun reverse l = Q.toList (drain (fromList l, Q.empty))
end

structure IntStack = struct
  type elem = int
  type stack = int list
  val empty = []
  fun push (x, s) = x :: s
  fun pop [] = NONE
    | pop (x :: s) = SOME (x, s)
end

structure IntQueue = struct
  type elem = int
  datatype queue = Q of int list * int list
  val empty = Q ([], [])
  fun enqueue (Q (f, b), x) = Q (f, x :: b)
  fun toList (Q (f, b)) = f @ rev b
end

structure T = Transfer (structure S = IntStack structure Q = IntQueue)

structure StrT = Transfer (structure S = struct
                             type elem = string type stack = string list
                             val empty = [] fun push (x, s) = x :: s
                             fun pop [] = NONE | pop (x :: s) = SOME (x, s) end
                           structure Q = struct
                             type elem = string type queue = string list
                             val empty = [] fun enqueue (q, x) = q @ [x] fun toList q = q end)

val result = (T.reverse [1, 2, 3, 4, 5], StrT.reverse ["a", "b", "c"],
              IntQueue.toList (T.drain (T.fromList [7, 8], IntQueue.enqueue (IntQueue.empty, 6))))
