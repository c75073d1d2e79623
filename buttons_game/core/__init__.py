"""The game-agnostic core: seats, log notes, rules errors, a game being played, and the
registry of games. Every game is a package that depends on this and on nothing else of
the app; the services and screens ask a game's ``GameKind`` instead of testing which
game they hold. It never imports pygame.
"""

from __future__ import annotations

from .errors import RulesError
from .game import Game, UndoStack, new_game_id, replay_states
from .kind import (
    AnyKind,
    GameKind,
    SeatFigures,
    StatColumn,
    find_kind,
    kind_of,
    kinds,
    register,
    unregister,
)
from .notes import TONES, Note
from .seats import LEVELS, Seat
from .tournament import BotGame, Tournament

__all__ = [
    "LEVELS",
    "TONES",
    "BotGame",
    "Game",
    "AnyKind",
    "GameKind",
    "Note",
    "RulesError",
    "Seat",
    "SeatFigures",
    "StatColumn",
    "Tournament",
    "UndoStack",
    "find_kind",
    "kind_of",
    "kinds",
    "new_game_id",
    "register",
    "replay_states",
    "unregister",
]
