val result = PolyML.makestring [1, 2]
