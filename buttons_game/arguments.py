"""Command-line value types shared by the game's commands, and the save file a command
names: clear messages, exit code 2."""

from __future__ import annotations

import argparse
from pathlib import Path

from .games.buttons.engine.setup import SEED_LIMIT
from .names import excerpt
from .paths import saves_dir


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


class SaveNotFound(Exception):
    """No save file of the name the command line gives; the message says where it looked."""


def find_save(path: Path) -> Path:
    """The save file a command names: ``path`` as given, if it is there or names a folder;
    else, for a bare name, the file of that name in the saves folder, with ``.json`` added
    or as the Save as… slot of that name ("Sunday with Grandma"). SaveNotFound if none is:
    its message names the file and both folders it looked in."""
    if path.exists() or len(path.parts) != 1:
        return path  # the loader says what is wrong with it, if anything
    from .saves import slot_file_name

    name = str(path)
    here = f"the current folder ({_shown(Path.cwd())})"
    try:
        folder = saves_dir()
    except OSError as error:
        raise SaveNotFound(
            f"{_shown(path)}: no such file in {here}, and the saves folder cannot be used ({error})"
        ) from None
    names = [name]
    if path.suffix.lower() != ".json":
        names += [name + ".json", slot_file_name(name)]
    for candidate in dict.fromkeys(names):
        found = folder / candidate
        if found.is_file():
            return found
    raise SaveNotFound(
        f"{_shown(path)}: no such file in {here} nor in the saves folder ({_shown(folder)})"
    )


def _shown(path: Path) -> str:
    """A path as a message shows it: printable and at most 200 characters."""
    return excerpt(str(path), 200, keep_end=True)
