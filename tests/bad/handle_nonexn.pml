val x = (raise Div) handle 3 => 0
