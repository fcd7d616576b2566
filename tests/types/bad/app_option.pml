val result = valOf 3
