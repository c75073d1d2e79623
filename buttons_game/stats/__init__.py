"""Statistics: per person and game, what their finished games add up to, and whether
the dice were fair. Pure Python: never imports pygame.

refreshed = refresh()                  # the file, brought up to date with the saves
record_game(game)                      # when a game ends: counted once per game_id
stats.players("buttons"), stats.fairness()["white"].p_value
reset()                                # every figure back to zero (the screen asks first)

The file lives in the data folder beside the saves (``statistics.json``); see store.py.
"""

from __future__ import annotations

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
    read_statistics,
    record_game,
    refresh,
    reset,
    statistics_path,
    write_statistics,
)
from .tally import DIE_KINDS, GAMES, GameTally, PlayerRecord, SeatTally, Statistics, tally_game

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
    "chi_square_sf",
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
