val s = `x`
