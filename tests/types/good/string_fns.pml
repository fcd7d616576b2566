val result = (String.size "abc", implode (rev (explode "abc")), String.concat ["a", "b"])
