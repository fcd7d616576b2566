val result = (~ 2.5, ~ 3, abs ~4, abs ~4.5)
