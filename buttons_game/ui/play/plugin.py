"""The screen side of a game: what the app and the shared screens ask of a game's UI.

Each game's package under ``ui/games/<id>/`` registers one ``GameUI`` for its
``GameKind``. The app and the shared screens (menu, choose game, load, stats, rules,
replay) only ever call these; a game that registers no UI of its own is played on the
shared kit's plain table (``ui_for`` then gives ``GameUI`` itself), so a new game needs
nothing from the shared files.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

import pygame

from buttons_game.core.kind import GameKind, find_kind, kind_of

if TYPE_CHECKING:
    from buttons_game.ui.screen import Host, Screen

UI_PACKAGES: tuple[str, ...] = ("buttons_game.ui.games.buttons", "buttons_game.ui.games.kopf")


class GameUI:
    """A game's screens. The defaults are the shared kit's: a plain table for any game."""

    def __init__(self, kind: GameKind) -> None:
        self.kind = kind

    @property
    def id(self) -> str:
        return self.kind.id

    # ------------------------------------------------------------------ words and pictures
    def title_key(self) -> str:
        """The translation key of the game's name on cards and tabs (its proper name if
        there is no such key)."""
        return f"choose.{self.id}_title"

    def about_key(self) -> str:
        return f"choose.{self.id}_about"

    def picture(self, size: int) -> pygame.Surface:
        """A small picture of the game for its card (a plain tile by default)."""
        from buttons_game.ui import art

        surface = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.rect(surface, art.colour("panel"), surface.get_rect(), border_radius=size // 8)
        return surface

    # ------------------------------------------------------------------ screens
    def setup(self, host: Host) -> Screen:
        """The set-up of a new game (seats and the game's own options)."""
        from buttons_game.ui.play.generic import GenericSetup

        return GenericSetup(host, self.kind)

    def table(self, host: Host, game: Any) -> Screen:
        """The table where ``game`` is played."""
        from buttons_game.ui.play.generic import GenericTable

        return GenericTable(host, self.kind, game)

    def game_over(self, host: Host, game: Any) -> Screen:
        """The screen of a finished ``game``."""
        from buttons_game.ui.play.generic import GenericOver

        return GenericOver(host, self.kind, game)

    def tutorial(self, host: Host, lesson: int) -> Screen | None:
        """The game's tutorial at ``lesson`` (None: the game has none)."""
        return None

    def lessons(self) -> int:
        """How many lessons (or steps) its tutorial has (0: none)."""
        return 0


_UIS: dict[str, GameUI] = {}


def register_ui(ui: GameUI) -> GameUI:
    _UIS[ui.id] = ui
    return ui


def ui_for(game_or_id: Any) -> GameUI:
    """The UI of a game (or of a kind id): its own, or the shared kit's plain one."""
    for package in UI_PACKAGES:
        importlib.import_module(package)
    if isinstance(game_or_id, str):
        kind = find_kind(game_or_id)
        if kind is None:
            raise KeyError(f"no game {game_or_id!r:.40} is registered")
    else:
        kind = kind_of(game_or_id)
    ui = _UIS.get(kind.id)
    if ui is None:
        ui = _UIS[kind.id] = GameUI(kind)
    return ui
