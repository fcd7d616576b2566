val result = 0wx1F
