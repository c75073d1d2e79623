"""Buttons Game: the dice board game BUTTONS (Benjamin Schwer, Noris Spiele 2015)."""

__version__ = "0.1.0"
