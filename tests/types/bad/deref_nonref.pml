val result = !3
