"""Save files: versioned JSON under the per-user data dir, autosave and named slots.

path = autosave(game)             # after every action that changes the game
game = load_game(path)            # a named save loads as a copy with its own game_id
save_as(game, "Sunday")           # SaveExistsError if that slot is taken
for info in list_saves(): ...     # newest first; broken files flagged, never fatal
info = latest_unfinished()        # for Continue
"""

from __future__ import annotations

from .fileformat import (
    FORMAT_NAME,
    MAX_ACTIONS,
    MAX_FILE_BYTES,
    VERSION,
    SavedGame,
    SaveFileError,
    decode_game,
    encode_game,
)
from .files import (
    MAX_FINISHED_AUTOSAVES,
    SaveExistsError,
    SaveInfo,
    autosave,
    autosave_path,
    delete_save,
    latest_unfinished,
    list_saves,
    load_game,
    prune_finished_autosaves,
    read_save,
    save_as,
    save_game,
    slot_file_name,
    slot_path,
)

__all__ = [
    "FORMAT_NAME",
    "MAX_ACTIONS",
    "MAX_FILE_BYTES",
    "MAX_FINISHED_AUTOSAVES",
    "VERSION",
    "SaveExistsError",
    "SaveFileError",
    "SaveInfo",
    "SavedGame",
    "autosave",
    "autosave_path",
    "decode_game",
    "delete_save",
    "encode_game",
    "latest_unfinished",
    "list_saves",
    "load_game",
    "prune_finished_autosaves",
    "read_save",
    "save_as",
    "save_game",
    "slot_file_name",
    "slot_path",
]
