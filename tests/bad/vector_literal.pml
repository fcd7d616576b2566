val v = #[1, 2, 3]
val result = v
