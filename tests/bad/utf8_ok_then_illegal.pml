val s = "héllo" $
