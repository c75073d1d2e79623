"""Command-line value types shared by the game's commands: clear messages, exit code 2."""

from __future__ import annotations

import argparse

from .games.buttons.engine.setup import SEED_LIMIT


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, got {value}")
    return value


def player_count(text: str) -> int:
    value = positive_int(text)
    if value not in (2, 3, 4):
        raise argparse.ArgumentTypeError(f"BUTTONS is played by 2, 3 or 4 players, not {value}")
    return value


def whole_number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def seed_number(text: str) -> int:
    """A seed that a save file can hold: a whole number strictly between -2**64 and 2**64."""
    value = whole_number(text)
    if not -SEED_LIMIT < value < SEED_LIMIT:
        raise argparse.ArgumentTypeError(
            f"the seed must lie strictly between -2**64 and 2**64 "
            f"(a save could not hold it), got {text!r}"
        )
    return value
