val result = Substring.full "abc"
