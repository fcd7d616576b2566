signature S = sig type t end
structure A : S = struct type u = int end
