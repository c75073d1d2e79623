"""What just happened in a game of Kopf oder Knopf, as notes the move log translates
(``kopf_log.<key>``) in any language.

Pure: it reads engine states only, so a log can be rebuilt from a save by replay.
Squares are named as on the board: column letter a-j, then row 1-10 (row 1 at the top).

for note in narrate(before, action, after):
    text = t(f"{SECTION}.{note.key}", **note.args(names))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from buttons_game.core.notes import TONES, Note, seat_note

from .captures import Capture, captures
from .engine.actions import Action, Move, Pass, Remove
from .engine.board import SIZE, Square
from .engine.state import DRAW_AFTER, KopfState, Reason, Setup, start

SECTION = "kopf_log"
COLUMNS = "abcdefghij"

# Every key a note can have; those marked with * take ``count`` and have plural forms.
NOTE_KEYS: tuple[str, ...] = (
    "move",
    "pass",
    "punish_due",  # *
    "punish",
    "strike",  # *
    "captured",  # *
    "win",  # *
    "draw",  # *
    "undo_turn",
)
PLURAL_KEYS: frozenset[str] = frozenset({"punish_due", "strike", "captured", "win", "draw"})

__all__ = [
    "COLUMNS",
    "NOTE_KEYS",
    "PLURAL_KEYS",
    "SECTION",
    "TONES",
    "Note",
    "narrate",
    "narrate_history",
    "narrate_start",
    "notes_of",
    "square_name",
    "squares_text",
    "undo_note",
]


def square_name(row: int, col: int) -> str:
    """A square in the game's notation: "b4" is column 2, row 4 (row 1 at the top)."""
    if not (1 <= row <= SIZE and 1 <= col <= SIZE):
        raise ValueError(f"({row!r:.20}, {col!r:.20}) is off the board")
    return f"{COLUMNS[col - 1]}{row}"


def squares_text(squares: Iterable[Square]) -> str:
    """Squares in reading order (row by row from the top), named and separated by commas."""
    return ", ".join(square_name(row, col) for row, col in sorted(squares))


def narrate(before: KopfState, action: Action, after: KopfState) -> tuple[Note, ...]:
    """The notes for ``action`` taking ``before`` to ``after``, in the order things happened:
    the decision, then what the start of the next turn brought (punishing due, a strike),
    the captured total, the end of the game."""
    return notes_of(before, action, after, captures(before, action, after))


def notes_of(
    before: KopfState, action: Action, after: KopfState, taken: Sequence[Capture]
) -> tuple[Note, ...]:
    """``narrate``'s notes, told what the action captured (``captures``)."""
    player = before.to_move
    notes: list[Note] = []
    if isinstance(action, Remove):
        removed = (action.row, action.col)
        notes.append(seat_note("punish", "good", player, ("square", square_name(*removed))))
        if after.is_over() or not after.punishing:
            struck = frozenset(c.square for c in taken) - {removed}
            notes.extend(_strike(player, struck))
            notes.extend(_captures(player, after, bool(taken)))
        return tuple(notes)
    if isinstance(action, Move):
        moved = (
            ("from", square_name(action.from_row, action.from_col)),
            ("to", square_name(action.to_row, action.to_col)),
        )
        notes.append(seat_note("move", "plain", player, *moved))
    elif isinstance(action, Pass):
        notes.append(seat_note("pass", "plain", player))
    outcome = after.outcome()
    if outcome is not None and outcome.reason is Reason.NO_CAPTURES:
        notes.append(Note("draw", "accent", values=(("count", DRAW_AFTER),)))
        return tuple(notes)
    notes.extend(_turn_start(after, frozenset(c.square for c in taken)))
    return tuple(notes)


def narrate_start(state: KopfState) -> tuple[Note, ...]:
    """What the start of the turn of the player to move brought: the forbidden groups
    they must punish, or their strike and what it captured (and a win)."""
    return _turn_start(state, state.last_captured)


def _turn_start(state: KopfState, struck: frozenset[Square]) -> tuple[Note, ...]:
    player = state.to_move
    if state.punishing:
        groups = len(state.pending_groups())
        return (
            Note(
                "punish_due",
                "bad",
                (("name", player), ("other", 1 - player)),
                (("count", groups),),
            ),
        )
    return (*_strike(player, struck), *_captures(player, state, bool(struck)))


def _strike(player: int, struck: frozenset[Square]) -> list[Note]:
    if not struck:
        return []
    return [
        seat_note(
            "strike", "good", player, ("squares", squares_text(struck)), ("count", len(struck))
        )
    ]


def _captures(player: int, state: KopfState, took: bool) -> list[Note]:
    """The capturer's total against the target, or the win it brought (``took``: the
    action captured anything)."""
    if not took:
        return []
    count = state.captured(player)
    outcome = state.outcome()
    if outcome is not None and outcome.winner == player:
        return [seat_note("win", "good", player, ("count", count))]
    return [seat_note("captured", "plain", player, ("count", count), ("target", state.target))]


def narrate_history(setup: Setup, actions: Sequence[Action]) -> list[Note]:
    """The whole log of a game, oldest first, rebuilt by replaying ``actions`` (checked)."""
    state = start(setup)
    notes = list(narrate_start(state))
    for action in actions:
        after = state.apply(action)
        notes.extend(narrate(state, action, after))
        state = after
    return notes


def undo_note(seat: int) -> Note:
    """The note for ``seat`` taking back a turn."""
    return seat_note("undo_turn", "plain", seat)
