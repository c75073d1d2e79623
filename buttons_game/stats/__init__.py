"""Statistics: per person and game, what their finished games add up to, and whether
the dice were fair. Pure Python: never imports pygame.

refreshed = refresh()                  # the file, brought up to date with the saves
record_game(game)                      # when a game ends: counted once per game_id
stats.players("buttons"), stats.fairness()["white"].p_value
reset()                                # every figure back to zero (the screen asks first)

The file lives in the data folder beside the saves (``statistics.json``); see store.py.
"""

from __future__ import annotations

from . import tally as _tally
from .fairness import (
    FAIR,
    MIN_ROLLS,
    TOO_FEW,
    UNUSUAL,
    UNUSUAL_BELOW,
    DieFairness,
    chi_square_sf,
    p_number,
    p_text,
)
from .fileformat import StatsFileError, decode_statistics, encode_statistics
from .store import (
    BROKEN_NAME,
    FILE_NAME,
    Refreshed,
    StatsNewer,
    StatsUnavailable,
    read_statistics,
    record_game,
    refresh,
    reset,
    statistics_path,
    write_statistics,
)
from .tally import (
    GameTally,
    PlayerRecord,
    SeatTally,
    Statistics,
    die_kinds,
    game_ids,
    tally_game,
)


def __getattr__(name: str) -> object:
    # GAMES and DIE_KINDS follow the registry of games (see tally.py).
    if name in ("GAMES", "DIE_KINDS"):
        return getattr(_tally, name)
    raise AttributeError(name)


__all__ = [
    "BROKEN_NAME",
    "DIE_KINDS",
    "FAIR",
    "FILE_NAME",
    "GAMES",
    "MIN_ROLLS",
    "TOO_FEW",
    "UNUSUAL",
    "UNUSUAL_BELOW",
    "DieFairness",
    "GameTally",
    "PlayerRecord",
    "Refreshed",
    "SeatTally",
    "Statistics",
    "StatsFileError",
    "StatsNewer",
    "StatsUnavailable",
    "chi_square_sf",
    "die_kinds",
    "game_ids",
    "decode_statistics",
    "encode_statistics",
    "p_number",
    "p_text",
    "read_statistics",
    "record_game",
    "refresh",
    "reset",
    "statistics_path",
    "tally_game",
    "write_statistics",
]
