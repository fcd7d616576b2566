fun f {..., a} = a
