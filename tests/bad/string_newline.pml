val s = "abc
def"
