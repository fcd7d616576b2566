val x = then
