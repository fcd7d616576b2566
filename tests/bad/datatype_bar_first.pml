datatype t = | A | B
