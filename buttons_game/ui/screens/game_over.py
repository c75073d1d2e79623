"""Game over: the winner(s) and why, the final boards with the winning line, stars per round."""

from __future__ import annotations

import pygame
import pygame_gui

from buttons_game.engine import Reason
from buttons_game.game import Game
from buttons_game.i18n import t

from .. import art
from ..board_geometry import layout_boards
from ..boards import BoardView, Marks
from ..screen import Host, Screen
from .common import button

QUIT_AFTER_FRAMES = 4  # --quit-when-over: draw (and screenshot) the screen, then exit


def stars_by_round(game: Game) -> list[list[int]]:
    """Each seat's star count after each round, starting from 0."""
    totals = [[0] for _ in game.seats]
    for score in game.state.round_scores():
        for p, seat in enumerate(score.seats):
            totals[p].append(totals[p][-1] + seat.total)
    return totals


class GameOverScreen(Screen):
    name = "game-over"

    def __init__(self, host: Host, game: Game) -> None:
        super().__init__(host)
        self.game = game
        self.boards = BoardView()
        self.quit_after = QUIT_AFTER_FRAMES if host.options.quit_when_over else -1

    def layout(self) -> None:
        w, h = self.host.surface.get_size()
        pad = self.px(14)
        self.board_area = pygame.Rect(pad, self.px(150), int(w * 0.58), h - self.px(150) - pad)
        self.geometry = layout_boards(self.board_area, self.game.state.players, self.scale, gap=pad)
        self.chart = pygame.Rect(
            self.board_area.right + 2 * pad,
            self.px(170),
            w - self.board_area.right - 3 * pad,
            int(h * 0.42),
        )

    def build(self) -> None:
        bw, bh = self.px(230), self.px(52)
        x = self.chart.centerx - bw // 2
        y = self.chart.bottom + self.px(72)
        self.new_game = button(self, pygame.Rect(x, y, bw, bh), "over.new_game", "#primary")
        self.menu = button(
            self, pygame.Rect(x, y + bh + self.px(12), bw, bh), "over.menu", "#big_button"
        )

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.new_game:
                self.host.show_setup("buttons")
            elif event.ui_element is self.menu:
                self.host.show_menu()
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

    def marks(self) -> Marks:
        """The winners' boards outlined; every line of five glows."""
        state = self.game.state
        outcome = state.outcome()
        marks = Marks()
        if outcome is not None and len(outcome.winners) == 1:
            marks.emphasise = outcome.winners[0]
        for p in range(state.players):
            line = state.winning_line(p)
            if line:
                marks.winning[p] = line
        return marks

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(self.host.background)
        w = surface.get_width()
        title, why = self.headline()
        head = art.text(t("over.title"), self.px(22), "text_dim", True)
        surface.blit(head, head.get_rect(midtop=(w // 2, self.px(12))))
        big = art.text(title, self.px(40), "accent", True)
        surface.blit(big, big.get_rect(midtop=(w // 2, self.px(40))))
        reason = art.text(why, self.px(20), "text")
        surface.blit(reason, reason.get_rect(midtop=(w // 2, self.px(96))))
        names = [seat.name for seat in self.game.seats]
        self.boards.draw(surface, self.game.state, self.geometry, names, self.marks())
        self._draw_chart(surface)

    def _draw_chart(self, surface: pygame.Surface) -> None:
        r = self.chart
        pygame.draw.rect(surface, art.colour("panel"), r, border_radius=12)
        label = art.text(t("over.chart"), self.px(18), "text", True)
        surface.blit(label, (r.left + 12, r.top - label.get_height() - 6))
        series = stars_by_round(self.game)
        rounds = max(1, len(series[0]) - 1)
        top = max(12, max(max(v) for v in series))
        plot = r.inflate(-self.px(70), -self.px(60)).move(self.px(14), 0)
        for value in range(0, top + 1, 3 if top > 12 else 2):
            y = plot.bottom - plot.height * value / top
            pygame.draw.line(surface, art.colour("panel_border"), (plot.left, y), (plot.right, y))
            tick = art.text(str(value), self.px(13), "text_dim")
            surface.blit(tick, (plot.left - tick.get_width() - 8, y - tick.get_height() // 2))
        step = max(1, rounds // 12)
        for i in range(0, rounds + 1, step):
            x = plot.left + plot.width * i / rounds
            tick = art.text(str(i), self.px(13), "text_dim")
            surface.blit(tick, (x - tick.get_width() // 2, plot.bottom + 6))
        for p, values in enumerate(series):
            colour = art.colour(f"seat_{p + 1}")
            points = [
                (plot.left + plot.width * i / rounds, plot.bottom - plot.height * v / top)
                for i, v in enumerate(values)
            ]
            if len(points) > 1:
                pygame.draw.lines(surface, colour, False, points, max(2, self.px(3)))
            for x, y in points:
                pygame.draw.circle(surface, colour, (x, y), max(3, self.px(4)))
            legend = art.text(
                f"{self.game.seats[p].name}: {values[-1]}",
                self.px(15),
                (colour.r, colour.g, colour.b),
                True,
            )
            surface.blit(
                legend,
                (r.left + 14 + (p % 2) * r.width // 2, r.bottom + 8 + (p // 2) * self.px(22)),
            )
