(* each functor applies the previous one twice: its result has 2^k members and
   its applications copy 2^k bodies, so the expansion stops at a limit *)
functor F0 (X : sig end) = struct val v = 1 end
functor F1 (X : sig end) = struct structure A = F0 (X) structure B = F0 (X) val v = A.v + B.v end
functor F2 (X : sig end) = struct structure A = F1 (X) structure B = F1 (X) val v = A.v + B.v end
functor F3 (X : sig end) = struct structure A = F2 (X) structure B = F2 (X) val v = A.v + B.v end
functor F4 (X : sig end) = struct structure A = F3 (X) structure B = F3 (X) val v = A.v + B.v end
functor F5 (X : sig end) = struct structure A = F4 (X) structure B = F4 (X) val v = A.v + B.v end
functor F6 (X : sig end) = struct structure A = F5 (X) structure B = F5 (X) val v = A.v + B.v end
functor F7 (X : sig end) = struct structure A = F6 (X) structure B = F6 (X) val v = A.v + B.v end
functor F8 (X : sig end) = struct structure A = F7 (X) structure B = F7 (X) val v = A.v + B.v end
functor F9 (X : sig end) = struct structure A = F8 (X) structure B = F8 (X) val v = A.v + B.v end
functor F10 (X : sig end) = struct structure A = F9 (X) structure B = F9 (X) val v = A.v + B.v end
functor F11 (X : sig end) = struct structure A = F10 (X) structure B = F10 (X) val v = A.v + B.v end
functor F12 (X : sig end) = struct structure A = F11 (X) structure B = F11 (X) val v = A.v + B.v end
functor F13 (X : sig end) = struct structure A = F12 (X) structure B = F12 (X) val v = A.v + B.v end
functor F14 (X : sig end) = struct structure A = F13 (X) structure B = F13 (X) val v = A.v + B.v end
functor F15 (X : sig end) = struct structure A = F14 (X) structure B = F14 (X) val v = A.v + B.v end
functor F16 (X : sig end) = struct structure A = F15 (X) structure B = F15 (X) val v = A.v + B.v end
functor F17 (X : sig end) = struct structure A = F16 (X) structure B = F16 (X) val v = A.v + B.v end
functor F18 (X : sig end) = struct structure A = F17 (X) structure B = F17 (X) val v = A.v + B.v end
functor F19 (X : sig end) = struct structure A = F18 (X) structure B = F18 (X) val v = A.v + B.v end
functor F20 (X : sig end) = struct structure A = F19 (X) structure B = F19 (X) val v = A.v + B.v end
functor F21 (X : sig end) = struct structure A = F20 (X) structure B = F20 (X) val v = A.v + B.v end
functor F22 (X : sig end) = struct structure A = F21 (X) structure B = F21 (X) val v = A.v + B.v end
functor F23 (X : sig end) = struct structure A = F22 (X) structure B = F22 (X) val v = A.v + B.v end
functor F24 (X : sig end) = struct structure A = F23 (X) structure B = F23 (X) val v = A.v + B.v end
structure S = F24 (struct end)
val result = S.v
