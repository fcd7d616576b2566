fun g () = let val id = fn x => x in (id 1, id "a") end
val h = fn id => (id 1, id "a")
val result = 0
