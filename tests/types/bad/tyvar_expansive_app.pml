val x = ref (fn (y : 'a) => y)
