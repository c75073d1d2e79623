"""Command-line value types shared by the game's commands, and the save file a command
names: clear messages, exit code 2."""

from __future__ import annotations

import argparse
import contextlib
import os
from pathlib import Path
from typing import NoReturn

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


MAX_NAME_BYTES = 255  # of one file or folder name (most file systems)
MAX_PATH_BYTES = 4096  # of a whole path (Linux)


def path_problem(path: Path) -> str | None:
    """Why ``path`` cannot name a file on any system this game runs on (a NUL character,
    characters no file name can hold, a name or the path too long), or None."""
    text = os.fspath(path)
    if "\0" in text:
        return "not a valid file name (it holds a NUL character)"
    try:
        raw = os.fsencode(text)
    except UnicodeError:
        return "not a valid file name (it holds characters no file name can)"
    if len(raw) > MAX_PATH_BYTES:
        return f"the path is longer than {MAX_PATH_BYTES} bytes"
    for separator in os.altsep or "":  # Windows: / as well as \\
        raw = raw.replace(os.fsencode(separator), os.fsencode(os.sep))
    if any(len(name) > MAX_NAME_BYTES for name in raw.split(os.fsencode(os.sep))):
        return f"a name in the path is longer than {MAX_NAME_BYTES} bytes"
    return None


def path_error(parser: argparse.ArgumentParser, message: str) -> NoReturn:
    """Exit with code 2 and one line on stderr: a path that cannot be used is said
    alone (the usage says nothing about it)."""
    parser.exit(2, f"{parser.prog}: error: {message}\n")


class SaveNotFound(Exception):
    """No save file of the name the command line gives; the message says where it looked."""


def find_save(path: Path) -> Path:
    """The save file a command names: ``path`` as given, if it is there or names a folder;
    else, for a bare name, the file of that name in the saves folder, with ``.json`` added
    or as the Save as… slot of that name ("Sunday with Grandma"). SaveNotFound if none is:
    its message names the file and both folders it looked in, or what is wrong with the
    name (see ``path_problem``) or with a folder on the way."""
    problem = path_problem(path)
    if problem:
        raise SaveNotFound(f"{_shown(path)}: {problem}")
    try:
        there = path.exists()
    except OSError as error:
        why = error.strerror or error
        raise SaveNotFound(f"{_shown(path)}: cannot be read ({why})") from None
    if there or len(path.parts) != 1:
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
        with contextlib.suppress(OSError):  # e.g. a name too long once .json is added
            if path_problem(found) is None and found.is_file():
                return found
    raise SaveNotFound(
        f"{_shown(path)}: no such file in {here} nor in the saves folder ({_shown(folder)})"
    )


def _shown(path: Path) -> str:
    """A path as a message shows it: printable and at most 200 characters."""
    return excerpt(str(path), 200, keep_end=True)
