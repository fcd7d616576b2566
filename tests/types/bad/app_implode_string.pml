val result = implode "abc"
