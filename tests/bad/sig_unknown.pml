structure A : NOSIG = struct val x = 1 end
