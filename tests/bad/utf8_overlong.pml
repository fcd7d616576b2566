val s = "À¯"
