"""A table as a screen, whatever the game: its buttons, events turned into intents, and
where to go next.

The session holds the game and changes it; the screen only maps input to intents,
keeps its buttons enabled exactly when they can do something and asks the app to
navigate (the pause menu, game over). A game's table screen gives its layout, its
buttons (``build`` with ``button``), what they allow (``allowed``), its board's intents
(``intent``) and its drawing.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pygame
import pygame_gui

from buttons_game.i18n import t
from buttons_game.ui.screen import Host, Screen
from buttons_game.ui.screens.common import button

from . import intents as do
from .session import PlaySession

ARROWS = (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT)
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class BoardKeys(Screen):
    """A screen whose arrow keys (and Enter with no button focused) belong to its board:
    Tab walks the buttons."""

    def handle_focus_key(self, event: pygame.event.Event) -> bool:
        if event.key in ARROWS:
            self.focus = None
            return False
        if event.key in ENTER and self.focus is None:
            return False
        return super().handle_focus_key(event)


def set_enabled(widget: Any, allowed: bool) -> None:
    """Enable or disable ``widget`` (only when that changes it)."""
    if allowed and not widget.is_enabled:
        widget.enable()
    elif not allowed and widget.is_enabled:
        widget.disable()


class PlayScreen(BoardKeys):
    """The table of a game being played: a session, buttons that say intents, a board."""

    SPEECH_KEYS: tuple[str, ...] = ("where", "moves", "board", "row", "log")
    net: Any = None  # a game played across computers: its ``ui.netplay.NetPlay``

    def __init__(self, host: Host, session: PlaySession) -> None:
        super().__init__(host)
        self.session = session
        self.intent_of: dict[object, Any] = {}
        self.hear(session)

    def hear(self, session: PlaySession) -> None:
        """``session`` speaks through the app's voice (a lesson's next session too)."""
        if session.speech is not None:
            session.speech.voice = getattr(self.host, "voice", None)

    def enter(self) -> None:
        super().enter()
        if self.session.speech is not None:  # the table opens: whose turn, a tutorial's text
            self.session.speech.was_on = False
            self.session.speech.follow()

    def speech_keys(self) -> list[str]:
        """The keys of this table for F1, each in words ("W: where am I ...")."""
        return [t(f"table_speech.key_{name}") for name in self.SPEECH_KEYS]

    @property
    def model(self) -> Any:
        return self.session.model

    # ----------------------------------------------------------------- widgets
    def button(
        self,
        rect: pygame.Rect,
        key: str,
        intent: Any,
        object_id: str | None = None,
        tip: str | None = None,
    ) -> pygame_gui.elements.UIButton:
        """A button at ``rect`` saying ``key`` (``tip`` its tooltip) that means ``intent``."""
        widget = button(self, rect, key, object_id, tip)
        self.intent_of[widget] = intent
        return widget

    def forget(self, button: Any) -> None:
        """Remove a button made with ``button``."""
        button.kill()
        self.widgets.remove(button)
        self.intent_of.pop(button, None)

    def build(self) -> None:
        self.intent_of = {}

    def exit(self) -> None:
        super().exit()
        self.session.close()
        if self.net is not None:  # a game across computers: leaving the table ends the link
            self.net.close()

    def allowed(self) -> Iterable[tuple[Any, bool]]:
        """Each button that is not always enabled, and whether it can do something now."""
        return ()

    def selected(self) -> Iterable[tuple[Any, bool]]:
        """Each toggle button, and whether it is on."""
        return ()

    def refresh_widgets(self) -> None:
        """Buttons enabled exactly when they can do something, toggles showing their state."""
        if not self.widgets:
            return
        for widget, allowed in self.allowed():
            set_enabled(widget, allowed)
        for widget, on in self.selected():
            if on and not widget.is_selected:
                widget.select()
            elif not on and widget.is_selected:
                widget.unselect()

    # ------------------------------------------------------------------ input
    def intent(self, event: pygame.event.Event) -> Any:
        """The intent of a key, a click or a mouse move on the table (None: none)."""
        return None

    def handle_focus_key(self, event: pygame.event.Event) -> bool:
        self.session.hurry(key=True)  # every key first ends the animations (Tab and M too)
        return super().handle_focus_key(event)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED or (
            event.type == pygame.MOUSEBUTTONDOWN and event.button <= 3
        ):
            self.session.hurry()  # a click (on the board or a button) ends the animations
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            intent = self.intent_of.get(event.ui_element)
        else:
            intent = self.intent(event)
        if intent is None:
            return False
        self.act(intent)
        return not isinstance(intent, do.Point)

    def act(self, intent: Any) -> None:
        if isinstance(intent, do.Menu):
            self.open_menu()
            return
        self.session.perform(intent)
        self.refresh_widgets()

    def open_menu(self) -> None:
        """Esc or Menu: the pause menu over the table."""
        self.host.show_pause(self.session.game, self.draw)

    # ------------------------------------------------------------------- time
    def update(self, dt: float) -> bool:
        moving = self.session.update(dt)
        self.refresh_widgets()
        self.navigate()
        return moving

    def navigate(self) -> None:
        """Where the table goes next: a finished game to its game-over screen."""
        if self.session.over_ready:
            self.host.show_game_over(self.session.game)


__all__ = ["ARROWS", "ENTER", "BoardKeys", "PlayScreen", "set_enabled"]
