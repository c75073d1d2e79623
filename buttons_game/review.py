"""The ``review`` command: the coach's review of a saved BUTTONS game, per seat.

    buttons-game review SAVE [--seat N] [--json]

Prints, per seat and round, every decision with the expected stars of the choice
and of the best choice (best choices marked ``*``) and the expected stars left on
the table; ``--json`` prints ``{"seats": [...]}`` with ``coach.review_to_json`` per
seat. Seats are numbered from 1 on the command line and in the table, from 0 in
the JSON (as in ``coach``). A bad file, a save of a game without a coach (its kind's
``has_review``) or a seat the game does not have exits with code 2 and a one-line message.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .arguments import path_error, positive_int

if TYPE_CHECKING:
    from .games.buttons.coach import Decision, SeatReview


def add_review_command(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Add the ``review`` subcommand to a CLI's subparsers."""
    parser = subparsers.add_parser(
        "review",
        help="review the decisions in a saved BUTTONS game",
        description="Review every roll-or-opt-out and placement decision in a saved "
        "BUTTONS game: the expected stars of the round from the choice made and from "
        "the best choice, judged from what was known at the time.",
    )
    parser.add_argument(
        "save", type=Path, metavar="SAVE", help="a save file, or a save's name in the saves folder"
    )
    parser.add_argument(
        "--seat",
        type=positive_int,
        metavar="N",
        help="review only seat N (1 is the first seat); default: every seat",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(review_parser=parser)
    return parser


def run_review_command(args: argparse.Namespace) -> int:
    """Run the ``review`` subcommand from parsed arguments; returns the exit code."""
    from .core.kind import kind_of, kinds
    from .saves import SaveFileError, load_game

    parser: argparse.ArgumentParser = args.review_parser
    try:
        game = load_game(args.save)
    except SaveFileError as error:
        path_error(parser, f"cannot load the game: {error}")
    kind = kind_of(game)
    if not kind.has_review:
        coached = " and ".join(k.title for k in kinds() if k.has_review)
        parser.error(f"review covers {coached} games only, and this is a {kind.title} save")
    players = len(game.seats)
    if args.seat is not None and args.seat > players:
        parser.error(f"--seat {args.seat}: this game has seats 1 to {players}")
    seats = range(players) if args.seat is None else (args.seat - 1,)
    progress = _progress_line if sys.stderr.isatty() else None
    try:
        reviews: list[Any] = []
        for seat in seats:
            shown = partial(progress, seat) if progress else None
            reviews.append(kind.review(game, seat, progress=shown))
    except KeyboardInterrupt:
        print("\nbuttons-game: the review was stopped", file=sys.stderr)
        return 130
    if progress:
        print("\r\033[K", end="", file=sys.stderr)
    if args.json:
        print(json.dumps({"seats": [kind.review_to_json(r) for r in reviews]}))
    else:
        print(reviews_text(reviews))
    return 0


def _progress_line(seat: int, done: int, total: int) -> None:
    """How far a long review is, on one line of the terminal (Ctrl+C stops it)."""
    share = 100 * done // max(1, total)
    print(f"\rreviewing seat {seat + 1}: {share}% (Ctrl+C stops)", end="", file=sys.stderr)


_CHOICES = {"roll": "roll", "opt_out": "opt out", "skip": "skip"}


def _choice(name: str) -> str:
    return _CHOICES.get(name, f"place {name}")


def _row(decision: Decision) -> str:
    bust = decision.bust_probability
    best = "*" if decision.matched else _choice(decision.best)
    left = "" if decision.matched else f"{decision.stars_left:.2f}"
    return (
        f"{decision.round:>5}  {_choice(decision.chosen):<13}"
        f"{'' if bust is None else f'{100 * bust:.1f}%':>6}"
        f"{decision.expected_chosen:>8.2f}{decision.expected_best:>6.2f}  {best:<13}{left:>5}"
    ).rstrip()


def report(review: SeatReview) -> str:
    """One seat's review as a plain-text table."""
    who = "person" if review.bot is None else f"{review.bot} bot"
    lines = [
        f"Seat {review.seat + 1}: {review.name} ({who})",
        f"{'round':>5}  {'choice':<13}{'bust':>6}{'chosen':>8}{'best':>6}  {'best choice':<13}"
        f"{'left':>5}",
    ]
    for played in review.rounds:
        lines.extend(_row(d) for d in played.decisions)
        if played.decisions:
            lines.append(
                f"{'':>5}  round {played.round}: {played.stars_left:.2f} expected stars left"
            )
        else:
            lines.append(f"{played.round:>5}  no decision to review")
    lines.append(_total(review))
    return "\n".join(lines)


def _total(review: SeatReview) -> str:
    text = (
        f"Total: {review.stars_left:.2f} expected stars left on the table; "
        f"best choice (*) in {len(review.matched)} of {len(review.decisions)} decisions"
    )
    worst = review.worst_round
    if worst is not None:
        text += f"; worst round {worst.round} ({worst.stars_left:.2f})"
    return text


NOTE = (
    "Expected stars of the round, from what was known at each decision:\n"
    "exact with at most 14 open spaces, a few rolls deep (a little low) on a more open board."
)


def reviews_text(reviews: Sequence[SeatReview]) -> str:
    """Every seat's table, a blank line between them, and what the figures mean."""
    return "\n\n".join([*(report(r) for r in reviews), NOTE])
