"""Per-user folders: saves under the user data dir, settings under the user config dir.

``BUTTONS_GAME_HOME`` redirects both (tests, portable use): saves then go to
``$BUTTONS_GAME_HOME/data`` and settings to ``$BUTTONS_GAME_HOME/config``.
Folders are created on demand.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "buttons-game"
HOME_VARIABLE = "BUTTONS_GAME_HOME"


def data_dir() -> Path:
    home = os.environ.get(HOME_VARIABLE)
    path = (
        Path(home) / "data" if home else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    )
    path.mkdir(parents=True, exist_ok=True)
    return path


def config_dir() -> Path:
    home = os.environ.get(HOME_VARIABLE)
    path = (
        Path(home) / "config"
        if home
        else Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))
    )
    path.mkdir(parents=True, exist_ok=True)
    return path


def saves_dir() -> Path:
    path = data_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path
