"""Kopf oder Knopf (Manfred Ludwig, FX Schmid 1992): the rules as a pure-Python engine.

state = new_game()
state = state.apply(state.legal_actions()[0])
state.threatened(1), state.forbidden_groups(0), state.outcome()

It never imports pygame.
"""

from __future__ import annotations

from .actions import PASS, Action, Move, Pass, Remove
from .board import BOARD, SIZE, start_ring
from .serialise import (
    ActionFormatError,
    decode_action,
    decode_setup,
    encode_action,
    encode_setup,
    replay,
)
from .state import (
    DRAW_AFTER,
    IllegalActionError,
    KopfState,
    Outcome,
    Reason,
    Setup,
    make_setup,
    new_game,
    start,
    threats,
)

__all__ = [
    "BOARD",
    "DRAW_AFTER",
    "PASS",
    "SIZE",
    "Action",
    "ActionFormatError",
    "IllegalActionError",
    "KopfState",
    "Move",
    "Outcome",
    "Pass",
    "Reason",
    "Remove",
    "Setup",
    "decode_action",
    "decode_setup",
    "encode_action",
    "encode_setup",
    "make_setup",
    "new_game",
    "replay",
    "start",
    "start_ring",
    "threats",
]
