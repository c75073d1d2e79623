"""The Kopf oder Knopf table as a screen: widgets, events turned into intents, and navigation.

It follows the BUTTONS table: the session holds the game and changes it; this
screen maps input to intents, shows buttons that match the model and asks the
app to navigate (the pause menu, game over).
"""

from __future__ import annotations

import pygame
import pygame_gui

from buttons_game.ui.games.kopf import intents as kdo
from buttons_game.ui.screen import Host, Screen
from buttons_game.ui.screens.common import button

from ..buttons import intents as do
from .session import KopfSession
from .view import KopfDrawing, KopfLayout

ARROWS = (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT)
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class KopfScreen(Screen):
    """Punishing, moving and watching the strikes: the Kopf oder Knopf table."""

    name = "kopf"

    def __init__(self, host: Host, session: KopfSession) -> None:
        super().__init__(host)
        self.session = session
        self.drawing = KopfDrawing()
        self.table: KopfLayout | None = None
        self.intent_of: dict[object, kdo.Intent] = {}

    @property
    def model(self):  # type: ignore[no-untyped-def]
        return self.session.model

    def layout(self) -> None:
        self.table = KopfLayout.compute(self.host.surface.get_size(), self.scale)

    def build(self) -> None:
        assert self.table is not None
        t = self.table
        self.undo = button(self, t.undo, "kopf.undo", None, "kopf.undo_tip")
        self.hint = button(self, t.hint, "game.hint", None, "kopf.hint_tip")
        self.threats = button(self, t.threats, "kopf.threats", None, "kopf.threats_tip")
        self.menu = button(self, t.menu, "game.menu")
        self.intent_of = {
            self.undo: do.Undo(),
            self.hint: do.Hint(),
            self.threats: kdo.ToggleThreats(),
            self.menu: do.Menu(),
        }
        self.refresh_widgets()

    def exit(self) -> None:
        super().exit()
        self.session.close()

    def refresh_widgets(self) -> None:
        if not self.widgets:
            return
        model = self.model
        for widget, allowed in (
            (self.undo, model.game.can_undo),
            (self.hint, model.human_to_play() is not None),
        ):
            if allowed:
                widget.enable()
            else:
                widget.disable()
        if model.show_threats and not self.threats.is_selected:
            self.threats.select()
        elif not model.show_threats and self.threats.is_selected:
            self.threats.unselect()

    # ------------------------------------------------------------------ input
    def handle_focus_key(self, event: pygame.event.Event) -> bool:
        """Tab walks the buttons; the arrow keys always belong to the board cursor."""
        if event.key in ARROWS:
            self.focus = None
            return False
        if event.key in ENTER and self.focus is None:
            return False
        return super().handle_focus_key(event)

    def handle_event(self, event: pygame.event.Event) -> bool:
        intent: kdo.Intent | None
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            intent = self.intent_of.get(event.ui_element)
        else:
            assert self.table is not None
            choosing = self.model.selected is not None
            intent = kdo.intent_for(event, self.table.square_at, choosing)
        if intent is None:
            return False
        self.act(intent)
        return not isinstance(intent, do.Point)

    def act(self, intent: kdo.Intent) -> None:
        if isinstance(intent, do.Menu):
            self.host.show_pause(self.session.game, self.draw)
            return
        self.session.perform(intent)
        self.refresh_widgets()

    # ------------------------------------------------------------------- time
    def update(self, dt: float) -> bool:
        moving = self.session.update(dt)
        self.refresh_widgets()
        if self.session.over_ready:
            self.host.show_game_over(self.session.game)
        return moving

    def draw(self, surface: pygame.Surface) -> None:
        assert self.table is not None
        self.drawing.draw(surface, self.model, self.table, self.host.background, self.session.flash)

    def screenshot_key(self) -> str:
        state = self.session.state
        if state.is_over():
            return "kopf-over"
        phase = "punish" if state.punishing else "move"
        return f"kopf-{phase}-{'red' if state.to_move == 0 else 'blue'}"


__all__ = ["KopfScreen"]
