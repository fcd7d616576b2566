val x =		.
