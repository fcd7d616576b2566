val s = "héllo" .
