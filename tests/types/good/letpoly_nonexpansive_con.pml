val nothing = NONE
val result = (nothing : int option, nothing : string option)
