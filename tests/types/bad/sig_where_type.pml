signature S = sig type t val x : t end where type t = int
structure A :> S = struct type t = string val x = "a" end
