structure A = struct val x = 1 end
val y = x
