"""A modal panel in the side panel's place after a round (the scoring, the coach's review),
the boards in full view beside it: a Continue button at its foot, Enter to go on, Esc for
the pause menu."""

from __future__ import annotations

import pygame
import pygame_gui

from buttons_game.i18n import tk
from buttons_game.ui import art, world

from ...screen import Host, Screen
from .session import TableSession
from .steps import round_steps
from .view import PANEL_MIN, TableDrawing, TableLayout

CONTINUE_KEYS = (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)


class OverTable(Screen):
    """Subclasses set ``self.rect`` (the panel) in ``place_panel`` and draw its inside."""

    rect: pygame.Rect
    button_gap = 16  # from the Continue button to the panel's foot, before scaling
    strip = True  # the panel may be a strip under the boards (when that gives larger boards)

    def __init__(self, host: Host, session: TableSession) -> None:
        super().__init__(host)
        self.session = session
        self.drawing = TableDrawing()

    def layout(self) -> None:
        size = self.host.surface.get_size()
        # Its panel wider than the side panel of play, for the review's lines: the boards
        # make room for it and stay in full view.
        players = self.session.state.players
        self.table = TableLayout.compute(
            size, players, self.scale, side_min=PANEL_MIN, strip=self.strip
        )
        self.place_panel(size)

    def place_panel(self, size: tuple[int, int]) -> None:
        raise NotImplementedError

    @property
    def in_strip(self) -> bool:
        """The panel is the strip under the boards: Continue at its right end."""
        return self.table.below and self.rect == self.table.side

    def button_rect(self) -> pygame.Rect:
        """Continue: at the panel's foot, or at the right end of the strip."""
        r = self.rect
        bw, bh = min(self.px(220), r.width - 2 * self.px(12)), self.px(50)
        if self.in_strip:
            return pygame.Rect(r.right - bw - self.px(self.button_gap), r.centery - bh // 2, bw, bh)
        return pygame.Rect(r.centerx - bw // 2, r.bottom - bh - self.px(self.button_gap), bw, bh)

    def build(self) -> None:
        self.button = self.add(
            pygame_gui.elements.UIButton(
                self.button_rect(),
                tk("game.continue"),
                manager=self.manager,
                object_id="#primary",
            )
        )

    def close(self) -> None:
        """On to the star placement, or back to the table."""
        self.session.summary_closed()
        if self.session.state.phase.value == "stars":
            round_steps().show_stars(self.host, self.session)
        else:
            self.host.back()

    def on_key(self, key: int) -> None:
        """Other keys (the summary's U)."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.button:
            self.close()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in CONTINUE_KEYS:
                self.close()
            elif event.key == pygame.K_ESCAPE:
                self.host.show_pause(self.session.game, self.draw)
            else:
                self.on_key(event.key)
            return True
        return event.type == pygame.MOUSEBUTTONDOWN  # modal: the table waits

    def draw_panel(self, surface: pygame.Surface) -> None:
        """The table with its boards in full view, and the empty panel over its side panel."""
        model = self.session.model
        self.drawing.draw(surface, model, self.table, self.host.background)
        world.draw_mat(surface, self.rect, 14, lifted=False)  # a felt mat on the side panel's
        pygame.draw.rect(surface, art.colour("accent"), self.rect, width=3, border_radius=14)


__all__ = ["OverTable"]
