"""Hand histories: reading and writing files (stud.histories)."""
