"""Play across computers, no pygame: the wire protocol and the secure channel under it."""
