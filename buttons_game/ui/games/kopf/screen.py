"""The Kopf oder Knopf table as a screen: the kit's table screen with its board, its
buttons (Undo, Hint, Threats, Menu) and its drawing."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pygame

from buttons_game.ui.games.kopf import intents as do
from buttons_game.ui.play.screen import PlayScreen
from buttons_game.ui.screen import Host

from .model import KopfModel
from .session import KopfSession
from .view import KopfDrawing, KopfLayout


class KopfScreen(PlayScreen):
    """Punishing, moving and watching the strikes: the Kopf oder Knopf table."""

    name = "kopf"
    session: KopfSession
    SPEECH_KEYS = (
        *PlayScreen.SPEECH_KEYS,
        "mine",
        "theirs",
        "danger",
        "reach",
        "groups",
        "captures",
    )

    def __init__(self, host: Host, session: KopfSession) -> None:
        super().__init__(host, session)
        self.drawing = KopfDrawing()
        self.table: KopfLayout | None = None

    @property
    def model(self) -> KopfModel:
        return self.session.model

    def layout(self) -> None:
        self.table = KopfLayout.compute(self.host.surface.get_size(), self.scale)

    def build(self) -> None:
        assert self.table is not None
        super().build()
        t = self.table
        self.undo = self.button(t.undo, "kopf.undo", do.Undo(), None, "kopf.undo_tip")
        self.hint = self.button(t.hint, "game.hint", do.Hint(), None, "kopf.hint_tip")
        self.threats = self.button(
            t.threats, "kopf.threats", do.ToggleThreats(), None, "kopf.threats_tip"
        )
        self.menu = self.button(t.menu, "game.menu", do.Menu())
        self.refresh_widgets()

    def allowed(self) -> Iterable[tuple[Any, bool]]:
        model = self.model
        return ((self.undo, model.can_undo()), (self.hint, model.hint_seat() is not None))

    def selected(self) -> Iterable[tuple[Any, bool]]:
        return ((self.threats, self.model.show_threats),)

    def intent(self, event: pygame.event.Event) -> do.LessonIntent | None:
        assert self.table is not None
        return do.intent_for(event, self.table.square_at, self.model.selected is not None)

    def draw(self, surface: pygame.Surface) -> None:
        assert self.table is not None
        self.drawing.draw(surface, self.model, self.table, self.host.background)

    def keep_clear(self) -> list[pygame.Rect]:
        """The board with its column letters and row numbers, and each player's card (name,
        captures, tray): no note covers them."""
        assert self.table is not None
        return [self.table.framed_board(), *self.table.cards]

    def rather_clear(self) -> list[pygame.Rect]:
        """The prompt and the bot's last move under it: a note leaves them in view if it can."""
        assert self.table is not None
        return [self.table.prompt_area()]

    def spare_clear(self) -> list[pygame.Rect]:
        """The list of keys, then the log's lines: a note leaves them whole while every note
        still fits elsewhere (the keys are given up first)."""
        boxes = [self.drawing.keys_box, *self.drawing.log_boxes]
        return [box for box in boxes if box.width and box.height]

    def screenshot_key(self) -> str:
        state = self.session.state
        if state.is_over():
            return "kopf-over"
        phase = "punish" if state.punishing else "move"
        return f"kopf-{phase}-{'red' if state.to_move == 0 else 'blue'}"


__all__ = ["KopfScreen"]
