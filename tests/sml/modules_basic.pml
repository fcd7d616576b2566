signature STACK =
sig
  type 'a stack
  exception EmptyStack
  val empty : 'a stack
  val push : 'a * 'a stack -> 'a stack
  val pop : 'a stack -> 'a * 'a stack
  val size : 'a stack -> int
end

structure Stack :> STACK =
struct
  type 'a stack = 'a list
  exception EmptyStack
  val empty = []
  fun push (x, s) = x :: s
  fun pop [] = raise EmptyStack
    | pop (x :: s) = (x, s)
  fun helper s = List.length s
  fun size s = helper s
end

structure Tree =
struct
  datatype tree = Leaf | Node of tree * int * tree
  fun insert (x, Leaf) = Node (Leaf, x, Leaf)
    | insert (x, t as Node (l, y, r)) =
        if x < y then Node (insert (x, l), y, r)
        else if x > y then Node (l, y, insert (x, r)) else t
  fun toList Leaf = []
    | toList (Node (l, x, r)) = toList l @ [x] @ toList r
  structure Count = struct fun nodes Leaf = 0 | nodes (Node (l, _, r)) = nodes l + 1 + nodes r end
end

structure T = Tree

local
  fun build [] = Tree.Leaf
    | build (x :: xs) = Tree.insert (x, build xs)
in
  val t = build [5, 3, 8, 1, 4]
end

val s = Stack.push (3, Stack.push (2, Stack.empty))
val (top, rest) = Stack.pop s
val e = (Stack.pop (#2 (Stack.pop rest)); 0) handle Stack.EmptyStack => ~1
open Tree
val sorted = toList t
val n = Count.nodes t + T.Count.nodes t
fun isLeaf Tree.Leaf = true | isLeaf _ = false
val result = (top, Stack.size rest, e, sorted, n, isLeaf Leaf, isLeaf t)
