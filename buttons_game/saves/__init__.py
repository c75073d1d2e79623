"""Save files: versioned JSON under the per-user data dir, autosave and named slots.

Every game is saved the same way: the file's "game" names its kind (a registered
``GameKind``: "buttons", "kopf" …), and loading gives back that game (``game.kind``).

path = autosave(game)             # after every action that changes the game
game = load_game(path)            # a named save loads as a copy with its own game_id
save_as(game, "Sunday")           # SaveExistsError if that slot is taken
for info in list_saves(): ...     # newest first; broken files flagged, never fatal
info = latest_unfinished()        # for Continue

At start-up: ``storage_problem()`` says whether saving works here (None when it
does), and ``remove_stale_temp_files()`` removes what interrupted saves left.
A folder that cannot be used raises StorageError, an OSError with a short message.
"""

from __future__ import annotations

from buttons_game.paths import StorageError, storage_problem

from .fileformat import (
    FORMAT_NAME,
    MAX_ACTIONS,
    MAX_FILE_BYTES,
    MAX_MESSAGE_CHARS,
    MAX_NAME_CHARS,
    VERSION,
    AnyGame,
    SavedGame,
    SaveFileError,
    decode_game,
    encode_game,
)
from .files import (
    SaveExistsError,
    autosave_path,
    delete_save,
    load_game,
    read_save,
    save_as,
    save_game,
    slot_file_name,
    slot_path,
)
from .index import SaveInfo
from .listing import (
    MAX_FINISHED_AUTOSAVES,
    autosave,
    latest_unfinished,
    list_saves,
    prune_finished_autosaves,
    quick_latest_unfinished,
    remove_stale_temp_files,
)

__all__ = [
    "FORMAT_NAME",
    "MAX_ACTIONS",
    "MAX_FILE_BYTES",
    "MAX_FINISHED_AUTOSAVES",
    "MAX_MESSAGE_CHARS",
    "MAX_NAME_CHARS",
    "VERSION",
    "AnyGame",
    "SaveExistsError",
    "SaveFileError",
    "SaveInfo",
    "SavedGame",
    "StorageError",
    "autosave",
    "autosave_path",
    "decode_game",
    "delete_save",
    "encode_game",
    "latest_unfinished",
    "quick_latest_unfinished",
    "list_saves",
    "load_game",
    "prune_finished_autosaves",
    "read_save",
    "remove_stale_temp_files",
    "save_as",
    "save_game",
    "slot_file_name",
    "slot_path",
    "storage_problem",
]
