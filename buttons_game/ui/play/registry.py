"""The registry of games' UIs: each game's own (``register_ui``), or for a game that
registers only its GameKind, the kit's plain one (``generic.GenericUI``)."""

from __future__ import annotations

from typing import Any

from buttons_game.core.kind import find_kind, kind_of, kinds

from .generic import GenericUI
from .plugin import GameUI

_UIS: dict[str, GameUI] = {}


def register_ui(ui: GameUI) -> GameUI:
    _UIS[ui.id] = ui
    return ui


def _load_shipped() -> None:
    """The shipped games' own UIs (``buttons_game.ui.games``), registered once."""
    from buttons_game.ui.games import SHIPPED

    for ui in SHIPPED:
        _UIS.setdefault(ui.id, ui)


def ui_for(game_or_id: Any) -> GameUI:
    """The UI of a game (or of a kind id): its own, or the shared kit's plain one."""
    _load_shipped()
    if isinstance(game_or_id, str):
        kind = find_kind(game_or_id)
        if kind is None:
            raise KeyError(f"no game {game_or_id!r:.40} is registered")
    else:
        kind = kind_of(game_or_id)
    ui = _UIS.get(kind.id)
    if ui is None or ui.kind is not kind:  # a game registered anew (a test's) gets a new UI
        ui = _UIS[kind.id] = GenericUI(kind)
    return ui


def uis() -> tuple[GameUI, ...]:
    """The UI of every registered game, in the menus' order."""
    return tuple(ui_for(kind.id) for kind in kinds())


def tutorials() -> tuple[GameUI, ...]:
    """The games with a tutorial, in the menus' order."""
    return tuple(ui for ui in uis() if ui.lessons())
