"""The Kopf oder Knopf table: its model, one session that changes it, and its drawing."""
