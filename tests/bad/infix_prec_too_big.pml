infix 10 +++
