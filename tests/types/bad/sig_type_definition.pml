signature T = sig type t = int end
structure D : T = struct type t = string end
