val result = ~ "a"
