fun less (a : string, b) = a < b
val result = (less ("a", "b"), "abc" < "abd", #"a" < #"b")
