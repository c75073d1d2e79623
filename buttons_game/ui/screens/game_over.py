"""Game over: the winner(s) and why, the final boards, and a chart of stars per round."""

from __future__ import annotations

import pygame
import pygame_gui

from buttons_game.engine import Reason
from buttons_game.game import Game
from buttons_game.i18n import t

from .. import art
from ..screen import Screen
from ..table import Marks, TableView, layout_boards
from .common import button

SEAT_COLOURS = ("#ff8a65", "#4fc3f7", "#aed581", "#ce93d8")


def stars_by_round(game: Game) -> list[list[int]]:
    """Each seat's star count after each round, starting from 0."""
    totals = [[0] for _ in game.seats]
    for score in game.state.round_scores():
        for p, seat in enumerate(score.seats):
            totals[p].append(totals[p][-1] + seat.total)
    return totals


class GameOverScreen(Screen):
    name = "game-over"

    def __init__(self, app, game: Game) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.game = game
        self.table = TableView()
        if app.options.quit_when_over:
            self.quit_after = 4  # frames: draw (and screenshot), then exit
        else:
            self.quit_after = -1

    def build(self) -> None:
        w, h = self.app.surface.get_size()
        s = self.app.scale
        pad = int(14 * s)
        self.boards = pygame.Rect(pad, int(150 * s), int(w * 0.58), h - int(150 * s) - pad)
        self.geometry = layout_boards(self.boards, self.game.state.players, gap=pad)
        self.chart = pygame.Rect(
            self.boards.right + 2 * pad,
            int(170 * s),
            w - self.boards.right - 3 * pad,
            int(h * 0.42),
        )
        bw, bh = int(230 * s), int(52 * s)
        x = self.chart.centerx - bw // 2
        self.new_game = button(
            self,
            pygame.Rect(x, self.chart.bottom + int(60 * s), bw, bh),
            "over.new_game",
            "#primary",
        )
        self.menu = button(
            self,
            pygame.Rect(x, self.chart.bottom + int(60 * s) + bh + 12, bw, bh),
            "over.menu",
            "#big_button",
        )

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            from .menu import MainMenu
            from .setup import SetupScreen

            if event.ui_element is self.new_game:
                self.app.reset_to(MainMenu(self.app))
                self.app.push(SetupScreen(self.app))
            elif event.ui_element is self.menu:
                self.app.reset_to(MainMenu(self.app))
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            from .menu import MainMenu

            self.app.reset_to(MainMenu(self.app))
            return True
        return False

    def update(self, dt: float) -> bool:
        if self.quit_after > 0:
            self.quit_after -= 1
            if self.quit_after == 0:
                self.app.quit(0)
            return True
        return False

    def headline(self) -> tuple[str, str]:
        outcome = self.game.state.outcome()
        assert outcome is not None
        names = ", ".join(self.game.seats[p].name for p in outcome.winners)
        title = t("over.winners" if outcome.shared else "over.winner", names=names)
        why = t(
            "over.five_in_line" if outcome.reason is Reason.FIVE_IN_LINE else "over.twelve_stars"
        )
        if outcome.decided_by_star_count and len(outcome.enders) > 1:
            key = (
                "over.tie_break_line"
                if outcome.reason is Reason.FIVE_IN_LINE
                else "over.tie_break_stars"
            )
            why += " " + t(key)
        return title, why

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(self.app.background)
        s = self.app.scale
        w = surface.get_width()
        title, why = self.headline()
        head = art.text(t("over.title"), int(22 * s), "text_dim", True)
        surface.blit(head, head.get_rect(midtop=(w // 2, int(12 * s))))
        big = art.text(title, int(40 * s), "accent", True)
        surface.blit(big, big.get_rect(midtop=(w // 2, int(40 * s))))
        reason = art.text(why, int(20 * s), "text")
        surface.blit(reason, reason.get_rect(midtop=(w // 2, int(96 * s))))
        names = [seat.name for seat in self.game.seats]
        outcome = self.game.state.outcome()
        emphasise = outcome.winners[0] if outcome and len(outcome.winners) == 1 else None
        self.table.draw(surface, self.game.state, self.geometry, names, Marks(), emphasise)
        self._draw_chart(surface)

    def _draw_chart(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        r = self.chart
        pygame.draw.rect(surface, art.colour("panel"), r, border_radius=12)
        label = art.text(t("over.chart"), int(18 * s), "text", True)
        surface.blit(label, (r.left + 12, r.top - label.get_height() - 6))
        series = stars_by_round(self.game)
        rounds = max(1, len(series[0]) - 1)
        top = max(12, max(max(v) for v in series))
        plot = r.inflate(-int(70 * s), -int(60 * s)).move(int(14 * s), 0)
        for value in range(0, top + 1, 3 if top > 12 else 2):
            y = plot.bottom - plot.height * value / top
            pygame.draw.line(surface, art.colour("panel_border"), (plot.left, y), (plot.right, y))
            tick = art.text(str(value), int(13 * s), "text_dim")
            surface.blit(tick, (plot.left - tick.get_width() - 8, y - tick.get_height() // 2))
        for i in range(rounds + 1):
            x = plot.left + plot.width * i / rounds
            tick = art.text(str(i), int(13 * s), "text_dim")
            surface.blit(tick, (x - tick.get_width() // 2, plot.bottom + 6))
        for p, values in enumerate(series):
            colour = pygame.Color(SEAT_COLOURS[p])
            points = [
                (plot.left + plot.width * i / rounds, plot.bottom - plot.height * v / top)
                for i, v in enumerate(values)
            ]
            if len(points) > 1:
                pygame.draw.lines(surface, colour, False, points, max(2, int(3 * s)))
            for x, y in points:
                pygame.draw.circle(surface, colour, (x, y), max(3, int(4 * s)))
            legend = art.text(
                f"{self.game.seats[p].name}: {values[-1]}", int(15 * s), tuple(colour[:3]), True
            )
            surface.blit(
                legend,
                (r.left + 14 + (p % 2) * r.width // 2, r.bottom + 8 + (p // 2) * int(22 * s)),
            )
