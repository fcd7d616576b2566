signature E = sig eqtype t end
structure C : E = struct type t = real end
