"""Screens form a stack with a clear lifecycle: enter, exit, handle_event, update, draw."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

if TYPE_CHECKING:
    from .app import App


class Screen:
    """One screen of the app. Widgets made with ``self.add`` are removed on exit."""

    name = "screen"

    def __init__(self, app: App) -> None:
        self.app = app
        self.manager: pygame_gui.UIManager = app.manager
        self.widgets: list[pygame_gui.core.UIElement] = []

    # lifecycle -------------------------------------------------------------
    def enter(self) -> None:
        self.build()

    def exit(self) -> None:
        self.clear_widgets()

    def suspend(self) -> None:
        """Another screen is pushed on top: hide this one's widgets."""
        self.clear_widgets()

    def resume(self) -> None:
        self.build()

    def resize(self) -> None:
        self.clear_widgets()
        self.build()

    # to override -------------------------------------------------------------
    def build(self) -> None:
        """Create this screen's widgets for the current window size."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> bool:
        """Advance time; return True while something animates (the loop keeps drawing)."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(self.app.background)

    def screenshot_key(self) -> str:
        """Names the screen and its phase: a new key triggers a --screenshots PNG."""
        return self.name

    # helpers -------------------------------------------------------------------
    def add(self, widget: pygame_gui.core.UIElement) -> pygame_gui.core.UIElement:
        self.widgets.append(widget)
        return widget

    def clear_widgets(self) -> None:
        for widget in self.widgets:
            widget.kill()
        self.widgets = []
