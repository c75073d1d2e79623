"""Full screen or a window, for the app: as the settings say, and switched by F11 or
Alt+Enter on every screen (kept in the settings as the Settings screen's choice is)."""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

import pygame

from buttons_game.settings import Settings

from . import display


class Shown(Protocol):
    """What the screen mode changes of the app: its display surface, its settings, and
    the layout of every screen once the size changed."""

    surface: pygame.Surface

    @property
    def settings(self) -> Settings: ...
    def apply_settings(self, settings: Settings) -> None: ...
    def _relayout(self, size: tuple[int, int] | None = None) -> None: ...


class ScreenMode:
    """The app's full screen or window; back from full screen, the window has the size
    it had (unknown when the app starts in full screen)."""

    def __init__(self, app: Shown) -> None:
        self.app = app
        self.windowed = None if display.is_fullscreen() else app.surface.get_size()

    def follow(self, settings: Settings) -> None:
        """Full screen or a window, as ``settings`` say."""
        full = display.is_fullscreen()
        if settings.fullscreen and not full:
            self.windowed = self.app.surface.get_size()
        back = full and not settings.fullscreen
        self.app.surface = display.set_mode(settings, self.windowed if back else None)

    def toggle(self) -> None:
        """F11 or Alt+Enter: full screen or back to the window, kept in the settings."""
        app = self.app
        full = not display.is_fullscreen()
        if full == app.settings.fullscreen:  # --window opened a window, the settings say full
            self.follow(app.settings)
            app._relayout()
        else:
            app.apply_settings(replace(app.settings, fullscreen=full))
