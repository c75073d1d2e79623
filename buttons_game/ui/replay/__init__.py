"""The replay viewer: a saved game shown position by position on the tables' own drawing."""
