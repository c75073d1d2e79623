"""The ``verify`` command: check every roll of a networked game's save.

    buttons-game verify SAVE

Prints "verified" (exit 0) when every roll is the one the game's computers drew
together, or the first roll that does not match (exit 1). A save of a game played on
one computer holds no proofs: it says there is nothing to verify (exit 0). A file that
cannot be loaded exits with code 2 and the loader's message.
"""

from __future__ import annotations

import argparse
from pathlib import Path


def add_verify_command(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Add the ``verify`` subcommand to a CLI's subparsers."""
    parser = subparsers.add_parser(
        "verify",
        help="check every roll of a networked game's save",
        description="Check every roll of a networked game's save against the proofs of "
        "its dice: every computer's chain, the deal and each roll, in order. Prints "
        '"verified" (exit code 0), or the first roll that does not match (exit code 1).',
    )
    parser.add_argument(
        "save", type=Path, metavar="SAVE", help="a save file, or a save's name in the saves folder"
    )
    parser.set_defaults(verify_parser=parser)
    return parser


def run_verify_command(args: argparse.Namespace) -> int:
    """Run the ``verify`` subcommand from parsed arguments; returns the exit code."""
    from buttons_game.arguments import SaveNotFound, find_save, path_error

    from .fileformat import SaveFileError
    from .files import read_save
    from .network import verdict

    parser: argparse.ArgumentParser = args.verify_parser
    try:
        saved = read_save(find_save(args.save))
    except (SaveNotFound, SaveFileError) as error:
        path_error(parser, f"cannot load the game: {error}")
    checked = verdict(saved.game, saved.network)
    if checked is None:
        print(
            "nothing to verify: this save is of a game played on one computer; only a "
            "networked game's save holds the proofs of its dice"
        )
        return 0
    if checked.verified:
        rolls = len(saved.network.proofs.draws) if saved.network is not None else 0
        print(f"verified: the deal and every roll are the ones the computers drew ({rolls} draws)")
        return 0
    print(f"not verified: {checked}")
    return 1
