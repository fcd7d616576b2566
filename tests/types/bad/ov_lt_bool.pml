val result = true < false
