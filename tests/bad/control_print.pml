val _ = Control.Print.printDepth := 100;
val result = 1
