val x = while true do ()
