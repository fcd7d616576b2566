signature INNER = sig val x : int end
signature OUTER = sig structure I : INNER end
structure O : OUTER = struct
  structure I = struct val x = "one" end
end
