"""Game over: the winner(s) and why, the final boards with the winning line, stars per round."""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor

import pygame
import pygame_gui

from buttons_game.games.buttons.coach import SeatReview, review_game
from buttons_game.games.buttons.engine import Reason
from buttons_game.games.buttons.game import Game
from buttons_game.i18n import t
from buttons_game.ui import art
from buttons_game.ui.screen import Host, Screen
from buttons_game.ui.screens.common import button
from buttons_game.ui.text import draw_lines, wrap

from .board_geometry import layout_boards
from .boards import BoardView, Marks

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
        humans = [p for p, seat in enumerate(game.seats) if seat.is_human]
        self.coached = host.settings.coached(humans)
        self.reviews: list[SeatReview] | None = None
        self.pool: ThreadPoolExecutor | None = None
        if self.coached:
            self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="coach")
            seats = self.coached
            self.future: Future[list[SeatReview]] = self.pool.submit(
                lambda: [review_game(game, seat) for seat in seats]
            )

    def layout(self) -> None:
        w, h = self.host.surface.get_size()
        pad = self.px(14)
        self.board_area = pygame.Rect(pad, self.px(150), int(w * 0.58), h - self.px(150) - pad)
        self.geometry = layout_boards(self.board_area, self.game.state.players, self.scale, gap=pad)
        # With the coach's summary below it, the chart gives up some height.
        coach_h = self.px(26 + 64 * len(self.coached)) if self.coached else 0
        self.chart = pygame.Rect(
            self.board_area.right + 2 * pad,
            self.px(170),
            w - self.board_area.right - 3 * pad,
            int(h * 0.42) - coach_h,
        )
        legend_rows = (self.game.state.players + 1) // 2
        self.coach_area = pygame.Rect(
            self.chart.left,
            self.chart.bottom + self.px(14 + 22 * legend_rows),
            self.chart.width,
            coach_h,
        )

    def build(self) -> None:
        bw, bh = self.px(230), self.px(52)
        x = self.chart.centerx - bw // 2
        y = self.chart.bottom + self.px(72) + self.coach_area.height
        self.new_game = button(self, pygame.Rect(x, y, bw, bh), "over.new_game", "#primary")
        gap = self.px(12)
        half = min(bw, (self.chart.width - gap) // 2)  # Replay and Main menu side by side
        second = pygame.Rect(self.chart.centerx - half - gap // 2, y + bh + gap, half, bh)
        self.replay = button(self, second, "replay.open", "#big_button", "replay.open_tip")
        self.menu = button(self, second.move(half + gap, 0), "over.menu", "#big_button")

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.new_game:
                self.host.show_setup("buttons")
            elif event.ui_element is self.menu:
                self.host.show_menu()
            elif event.ui_element is self.replay:
                self.host.show_replay(self.game)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.host.show_menu()
            return True
        return False

    def exit(self) -> None:
        super().exit()
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)

    def update(self, dt: float) -> bool:
        if self.coached and self.reviews is None and self.future.done():
            try:
                self.reviews = self.future.result()
            except Exception as error:  # the review is advice: it must never stop the screen
                print(f"buttons-game: the game review failed: {error!r}")
                self.reviews = []
            return True
        if self.quit_after > 0:
            self.quit_after -= 1
            if self.quit_after == 0:
                self.host.quit(0)
            return True
        return bool(self.coached) and self.reviews is None

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
        if self.coached:
            self._draw_coach(surface)

    def _draw_coach(self, surface: pygame.Surface) -> None:
        """Per person: decisions that matched the best play, stars given away, the worst round."""
        area = self.coach_area
        size = self.px(15)
        head = art.text(t("review.game_title"), self.px(17), "text", True)
        surface.blit(head, (area.left + 12, area.top))
        y = area.top + self.px(24)
        if self.reviews is None:
            surface.blit(art.text(t("review.working"), size, "text_dim"), (area.left + 12, y))
            return
        for review in self.reviews:
            name = self.game.seats[review.seat].name
            if not review.decisions:
                text = t("review.game_no_choices", name=name)
            else:
                text = t(
                    "review.game_line",
                    name=name,
                    matched=len(review.matched),
                    total=len(review.decisions),
                    left=f"{review.stars_left:.2f}",
                )
                worst = review.worst_round
                if worst is not None:
                    text += " " + t(
                        "review.game_worst", n=worst.round, left=f"{worst.stars_left:.2f}"
                    )
            box = pygame.Rect(area.left + 12, y, area.width - 24, self.px(64))
            draw_lines(surface, wrap(text, size, box.width)[:3], box, size, "text_dim")
            y += self.px(64)

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
