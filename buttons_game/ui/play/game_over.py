"""Game over, whatever the game: the headline, a chart of the game, and New game,
Replay and Main menu.

A game's screen gives its headline (``headline``), what it shows of the end
(``draw_result``: the final boards or board), its chart (``draw_chart``, with
``draw_series``) and where its buttons start (``buttons_top``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame
import pygame_gui

from buttons_game.core.events import Result
from buttons_game.core.kind import kind_of
from buttons_game.i18n import t
from buttons_game.ui import art, world
from buttons_game.ui.charts import ChartFrame, Series, draw_line_chart
from buttons_game.ui.screen import Host, Screen
from buttons_game.ui.screens.common import button
from buttons_game.ui.text import draw_lines, line_step, wrap

QUIT_AFTER_FRAMES = 4  # --quit-when-over: draw (and screenshot) the screen, then exit
BUTTONS_H = 116  # New game above Replay and Main menu (before scaling)
STACKED_H = 3 * 52 + 2 * 8  # New game, Replay and Main menu one above the other
SECOND = ("replay.open", "over.menu")  # the buttons under New game


class Finished(Screen):
    """A finished game on screen: New game, Replay and Main menu (Esc), and with
    --quit-when-over the app ends once it is drawn. Subclasses make the three buttons."""

    name = "game-over"

    def speech_title(self) -> str:
        """Game over, who won and why (what the headline draws)."""
        headline: Any = getattr(self, "headline", lambda: "")()
        parts = [headline] if isinstance(headline, str) else list(headline)
        said = [p.strip() for p in [t("over.title"), *parts] if p.strip()]
        return " ".join(p if p[-1] in ".!?。！？" else f"{p}." for p in said)

    new_game: Any
    replay: Any
    menu: Any

    def __init__(self, host: Host, game: Any) -> None:
        super().__init__(host)
        self.game = game
        result = kind_of(game).result(game.state)
        assert result is not None, "a game over screen shows a finished game"
        self.result: Result = result  # who won (none: a draw), as every screen reads it
        self.quit_after = QUIT_AFTER_FRAMES if host.options.quit_when_over else -1

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.new_game:
                self.host.show_setup(self.game.kind)
            elif event.ui_element is self.menu:
                self.host.show_menu()
            elif event.ui_element is self.replay:
                self.host.show_replay(self.game)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.host.show_menu()
            return True
        return False

    def update(self, dt: float) -> bool:
        if self.quit_after > 0:
            self.quit_after -= 1
            if self.quit_after == 0:
                self.host.quit(0)
            return True
        return False


class OverScreen(Finished):
    """The screen of a finished game; ``chart`` is the rectangle of its chart."""

    chart: pygame.Rect
    chart_frame: ChartFrame | None = None  # where the chart was last drawn, and its ticks
    headline_box: pygame.Rect | None = None  # the headline's room; None: across the top

    def buttons_top(self) -> int:
        """Where New game stands, under the chart."""
        return self.chart.bottom + self.px(80)

    def buttons_room(self) -> pygame.Rect:
        """Where New game, Replay and Main menu stand: under the chart, as wide as it."""
        width = self.chart.width
        return pygame.Rect(self.chart.left, self.buttons_top(), width, self.buttons_height(width))

    def side_by_side(self, width: int) -> bool:
        """Replay and Main menu fit side by side in ``width`` under New game (else the
        three stand one above the other)."""
        half = min(self.px(230), (width - self.px(12)) // 2)
        words = max(art.text(t(key), self.px(22), "text", True).get_width() for key in SECOND)
        return words + self.px(24) <= half

    def buttons_height(self, width: int) -> int:
        """The height of the three buttons in ``width``."""
        return self.px(BUTTONS_H if self.side_by_side(width) else STACKED_H)

    def build(self) -> None:
        room = self.buttons_room()
        bw, bh = min(self.px(230), room.width), self.px(52)
        x = room.centerx - bw // 2
        y = room.top
        self.new_game = button(self, pygame.Rect(x, y, bw, bh), "over.new_game", "#primary")
        if self.side_by_side(room.width):
            gap = self.px(12)
            half = min(self.px(230), (room.width - gap) // 2)  # Replay and Main menu
            second = pygame.Rect(room.centerx - half - gap // 2, y + bh + gap, half, bh)
            third = second.move(half + gap, 0)
        else:
            second = pygame.Rect(x, y + bh + self.px(8), bw, bh)
            third = second.move(0, bh + self.px(8))
        self.replay = button(self, second, "replay.open", "#big_button", "replay.open_tip")
        self.menu = button(self, third, "over.menu", "#big_button")

    # ------------------------------------------------------------------ drawing
    def headline(self) -> tuple[str, str]:
        """Who won, and why."""
        raise NotImplementedError

    def draw(self, surface: pygame.Surface) -> None:
        world.draw_table(surface)
        title, why = self.headline()
        if self.headline_box is None:
            w = surface.get_width()
            head = art.text(t("over.title"), self.px(22), "text_dim", True)
            surface.blit(head, head.get_rect(midtop=(w // 2, self.px(12))))
            big = art.text(title, self.px(40), "accent", True)
            surface.blit(big, big.get_rect(midtop=(w // 2, self.px(40))))
            reason = art.text(why, self.px(20), "text")
            surface.blit(reason, reason.get_rect(midtop=(w // 2, self.px(96))))
        else:
            self.draw_headline_in(surface, self.headline_box, title, why)
        self.draw_result(surface)
        self.draw_chart(surface)

    def draw_headline_in(
        self, surface: pygame.Surface, box: pygame.Rect, title: str, why: str
    ) -> None:
        """The headline wrapped in ``box`` and in its middle, smaller if it must be."""
        names = [seat.name for seat in self.game.seats]
        for share in (1.0, 0.85, 0.7, 0.6, 0.5):
            sizes = [self.px(22 * share), self.px(40 * share), self.px(20 * share)]
            blocks = [
                (wrap(t("over.title"), sizes[0], box.width, True), sizes[0], "text_dim", True),
                (wrap(title, sizes[1], box.width, True, keep=names), sizes[1], "accent", True),
                (wrap(why, sizes[2], box.width, keep=names), sizes[2], "text", False),
            ]
            gap = self.px(6 * share)
            height = sum(len(lines) * line_step(size) for lines, size, _, _ in blocks)
            height += 2 * gap
            if height <= box.height:
                break
        y = box.top + max(0, box.height - height) // 2
        for lines, size, tint, bold in blocks:
            room = pygame.Rect(box.left, y, box.width, box.bottom - y)
            y += draw_lines(surface, lines, room, size, tint, bold, centre=True) + gap

    def draw_result(self, surface: pygame.Surface) -> None:
        """The end of the game: its final boards."""

    def draw_chart(self, surface: pygame.Surface) -> None:
        """The game's chart in ``chart``."""

    def draw_series(
        self,
        surface: pygame.Surface,
        label: str,
        series: Sequence[Sequence[int]],
        colours: Sequence[str],
        top: int,
        dots: bool = False,
    ) -> None:
        """A line chart in ``chart``, headed ``label``: one line per seat (its values step
        by step, from 0 up to at least ``top``), each named with its last value under it."""
        r = self.chart
        head = art.text(label, self.px(18), "text", True)
        surface.blit(head, (r.left + 12, r.top - head.get_height() - 6))
        names = [seat.name for seat in self.game.seats]
        lines = [Series(v, c, n) for v, c, n in zip(series, colours, names)]
        self.chart_frame = draw_line_chart(surface, r, lines, top, self.scale, markers=dots)


__all__ = ["Finished", "QUIT_AFTER_FRAMES", "OverScreen"]
