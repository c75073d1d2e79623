"""What just happened, as data: notes the move log translates (``log.<key>``) in any language.

Pure: it reads engine states only, so a log can be rebuilt from a save by replay.

for note in narrate(before, action, after):
    text = t("log." + note.key, **note.args(names))
"""

from __future__ import annotations

from collections.abc import Sequence

from buttons_game.core.notes import TONES as TONES
from buttons_game.core.notes import Note, seat_note

from .engine import (
    Action,
    Dice,
    GameState,
    OptOut,
    Phase,
    Place,
    PlaceStar,
    Reason,
    Roll,
    Setup,
    Skip,
    Status,
)
from .engine.board import bit

# Every key a note can have; those marked with * take ``count`` and have plural forms.
NOTE_KEYS: tuple[str, ...] = (
    "roll",
    "bust",  # *
    "opt_out",  # *
    "place",
    "skip",
    "star",
    "no_space",
    "pass",
    "again",
    "round_over",
    "scored",  # *
    "new_round",
    "game_over_line",
    "game_over_stars",
    "winner",  # *
    "shared_winner",  # *
    "undo_place",
    "undo_skip",
    "undo_star",
    "undo_opt_out",
)
PLURAL_KEYS: frozenset[str] = frozenset({"bust", "opt_out", "scored", "winner", "shared_winner"})


def busted_seat(before: GameState, action: Action) -> int | None:
    """The seat ``action`` busts: the active seat, when the dice it rolled leave it no
    free space in the white die's row (under the gold or a plain die); else None."""
    if not isinstance(action, Dice):
        return None
    active = before.active_player
    free = before.legal_mask(active)
    if any(free & bit(action.white, col) for col in (action.gold, *action.plain)):
        return None
    return active


def narrate(before: GameState, action: Action, after: GameState) -> tuple[Note, ...]:
    """The notes for ``action`` taking ``before`` to ``after``, in the order things happened.

    A Roll says nothing: the Dice that follow carry the roll.
    """
    return notes_of(before, action, after, busted_seat(before, action))


def notes_of(
    before: GameState, action: Action, after: GameState, busted: int | None
) -> tuple[Note, ...]:
    """``narrate``'s notes, told the seat the action busted (``busted_seat``)."""
    kind = type(action)
    if kind is Roll:
        return ()
    active = before.active_player
    notes: list[Note] = []
    if isinstance(action, Dice):
        plain = " ".join(str(v) for v in action.plain)
        notes.append(
            seat_note(
                "roll",
                "roll",
                active,
                ("white", action.white),
                ("gold", action.gold),
                ("plain", plain),
            )
        )
        if busted is not None:
            notes.append(seat_note("bust", "bad", busted, ("count", before.dice_per_exit)))
        gold = bit(action.white, action.gold)
        n = before.players
        for i in range(1, n):
            p = (active + i) % n
            if before.status(p) is Status.IN_ROUND and not before.legal_mask(p) & gold:
                notes.append(
                    seat_note("no_space", "plain", p, ("row", action.white), ("col", action.gold))
                )
    elif isinstance(action, OptOut):
        notes.append(seat_note("opt_out", "accent", active, ("count", before.dice_per_exit)))
    elif isinstance(action, Place):
        notes.append(
            seat_note("place", "plain", action.player, ("row", action.row), ("col", action.col))
        )
    elif isinstance(action, Skip):
        notes.append(seat_note("skip", "plain", action.player))
    elif isinstance(action, PlaceStar):
        notes.append(
            seat_note("star", "good", action.player, ("row", action.row), ("col", action.col))
        )
    notes.extend(_aftermath(before, action, after))
    return tuple(notes)


def _aftermath(before: GameState, action: Action, after: GameState) -> list[Note]:
    """Scoring, the end of the game, a new round or the dice passing on."""
    notes: list[Note] = []
    if len(after.round_scores()) > len(before.round_scores()):
        score = after.round_scores()[-1]
        notes.append(Note("round_over", "plain", values=(("round", score.round_number),)))
        for p, seat in enumerate(score.seats):
            if seat.total:
                notes.append(seat_note("scored", "good", p, ("count", seat.total)))
    outcome = after.outcome()
    if outcome is not None and not before.is_over():
        line = outcome.reason is Reason.FIVE_IN_LINE
        notes.append(Note("game_over_line" if line else "game_over_stars", "accent"))
        key = "shared_winner" if outcome.shared else "winner"
        for p in outcome.winners:
            notes.append(seat_note(key, "good", p, ("count", outcome.star_counts[p])))
    elif after.round_number > before.round_number:
        notes.append(
            seat_note("new_round", "accent", after.active_player, ("round", after.round_number))
        )
    elif after.phase is Phase.TURN and (before.phase is not Phase.TURN or type(action) is OptOut):
        if after.active_player != before.active_player:
            notes.append(seat_note("pass", "plain", after.active_player))
        else:
            notes.append(seat_note("again", "plain", after.active_player))
    return notes


def narrate_history(setup: Setup, actions: Sequence[Action]) -> list[Note]:
    """The whole log of a game, oldest first, rebuilt by replaying ``actions`` (checked)."""
    state = GameState(setup)
    notes: list[Note] = []
    for action in actions:
        after = state.apply(action)
        notes.extend(narrate(state, action, after))
        state = after
    return notes


def undo_note(seat: int, action: Action) -> Note:
    """The note for ``seat`` taking back ``action`` (a placement, skip, star or opt-out)."""
    if isinstance(action, Place):
        return seat_note("undo_place", "plain", seat, ("row", action.row), ("col", action.col))
    if isinstance(action, PlaceStar):
        return seat_note("undo_star", "plain", seat, ("row", action.row), ("col", action.col))
    if isinstance(action, Skip):
        return seat_note("undo_skip", "plain", seat)
    if isinstance(action, OptOut):
        return seat_note("undo_opt_out", "plain", seat)
    raise ValueError(f"{action!r} cannot be taken back")
