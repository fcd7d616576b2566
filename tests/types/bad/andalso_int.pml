val result = true andalso 1
