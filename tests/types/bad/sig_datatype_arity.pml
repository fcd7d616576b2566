signature TREE = sig datatype 'a tree = Leaf | Node of 'a tree * 'a * 'a tree end
structure T : TREE = struct
  datatype tree = Leaf | Node of tree * int * tree
end
