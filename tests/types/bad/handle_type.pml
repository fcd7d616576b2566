val result = (1 div 0) handle Div => "inf"
