"""The game table: a model of what is shown, one session that changes it, and its drawing."""
