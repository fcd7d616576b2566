val s = "í €"
