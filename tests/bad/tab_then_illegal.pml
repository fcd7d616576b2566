val x =		?
