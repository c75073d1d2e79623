"""Game over: the winner(s) and why, the final boards with the winning line, stars per round."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future

import pygame

from buttons_game.games.buttons.coach import SeatReview, review_game
from buttons_game.games.buttons.engine import Reason
from buttons_game.games.buttons.game import Game
from buttons_game.i18n import t
from buttons_game.ui import art
from buttons_game.ui.background import Background
from buttons_game.ui.charts import legend_height
from buttons_game.ui.play.game_over import OverScreen
from buttons_game.ui.screen import Host
from buttons_game.ui.text import draw_lines, line_step, wrap

from .boards import BoardView, Marks
from .table_layout import Arrangement, arrange

HEADLINE = 128  # the title, the winner and why, above the boards (before scaling)
CHART_MIN = 320  # the narrowest column for the chart and the buttons (before scaling)
STRIP_MIN, STRIP_MAX = 200, 360  # the strip under the boards: its least and greatest height
HEAD_W, BUTTONS_W = 260, 270  # the strip's columns for the headline and the buttons
CHART_LABEL = 30  # the chart's title above it (before scaling)


def stars_by_round(game: Game) -> list[list[int]]:
    """Each seat's star count after each round, starting from 0."""
    totals = [[0] for _ in game.seats]
    for score in game.state.round_scores():
        for p, seat in enumerate(score.seats):
            totals[p].append(totals[p][-1] + seat.total)
    return totals


def final_boards(size: tuple[int, int], players: int, scale: float) -> Arrangement:
    """The final boards as large as the window allows: under the headline with the chart
    and the buttons in the column at their right (``side``), or with the headline, the
    chart, the coach's summary and the buttons side by side in a strip under them
    (``below``), whichever gives the larger boards."""

    def px(value: float) -> int:
        return int(round(value * scale))

    chart = px(CHART_MIN)
    return arrange(
        size,
        players,
        scale,
        header=0,
        side_min=chart,
        side_max=max(chart, int(size[0] * 0.42)),
        top=px(HEADLINE),
        final=True,
        strip=(px(STRIP_MIN), px(STRIP_MAX)),
        strip_top=0,
    )


class GameOverScreen(OverScreen):
    """BUTTONS is over: the final boards with the winning lines, the stars per round, and
    the coach's review for the people it coaches."""

    name = "game-over"
    game: Game

    def __init__(self, host: Host, game: Game) -> None:
        super().__init__(host, game)
        self.boards = BoardView()
        humans = sorted(game.people)  # the coach reviews the persons' play
        self.coached = host.settings.coached(humans)
        self.reviews: list[SeatReview] | None = None
        self.pool: Background | None = None
        self.reviewed = 0.0  # share of the review done, for its progress bar
        if self.coached:
            self.pool = Background("coach")
            self.future: Future[list[SeatReview]] = self.pool.submit(
                self._review_all, game, self.coached, self.pool.cancelled.is_set
            )

    def _review_all(
        self, game: Game, seats: list[int], cancel: Callable[[], bool]
    ) -> list[SeatReview]:
        """Every coached seat's review (on the coach's thread); stopped once the screen is
        left (``cancel``), telling ``reviewed`` how far it is."""
        found = []
        for k, seat in enumerate(seats):

            def progress(done: int, total: int, k: int = k) -> None:
                self.reviewed = (k + done / max(1, total)) / len(seats)

            found.append(review_game(game, seat, cancel=cancel, progress=progress))
        return found

    def layout(self) -> None:
        w, h = self.host.surface.get_size()
        self.arrangement = final_boards((w, h), self.game.state.players, self.scale)
        self.geometry = self.arrangement.boards
        self.board_area = self.arrangement.board_area
        if self.arrangement.below:
            self._strip_layout(self.arrangement.side)
        else:
            self._column_layout(self.arrangement.side)

    def _column_layout(self, side: pygame.Rect) -> None:
        """At the boards' right, from the top: the chart, its legend, the coach's summary
        and the buttons at the column's foot; the headline across the window's top."""
        self.headline_box = None
        pad = self.px(14)
        legend = legend_height(self.game.state.players, self.scale)
        coach_h = self.px(26 + 64 * len(self.coached)) if self.coached else 0
        top = side.top + self.px(CHART_LABEL)
        buttons_h = self.buttons_height(side.width - pad)
        under = self.px(72) + coach_h + buttons_h  # the legend in the 72
        height = max(self.px(80), side.bottom - under - top)
        self.chart = pygame.Rect(side.left + pad, top, side.width - pad, height)
        self.coach_area = pygame.Rect(
            self.chart.left, self.chart.bottom + legend + self.px(6), self.chart.width, coach_h
        )
        self.buttons = pygame.Rect(self.chart.left, self.buttons_top(), self.chart.width, buttons_h)

    def _strip_layout(self, side: pygame.Rect) -> None:
        """Under the boards, side by side: the headline, the chart with its legend, the
        coach's summary and the buttons."""
        inner = side.inflate(-2 * self.px(10), -2 * self.px(10))
        gap = self.px(16)
        self.headline_box = pygame.Rect(inner.left, inner.top, self.px(HEAD_W), inner.height)
        buttons_w = self.px(BUTTONS_W)
        self.buttons = pygame.Rect(0, 0, buttons_w, self.buttons_height(buttons_w))
        self.buttons.midright = inner.midright
        left = self.headline_box.right + gap
        room = self.buttons.left - gap - left
        coach_w = room * 3 // 5 if self.coached else 0  # three lines a person
        legend = legend_height(self.game.state.players, self.scale)
        top = inner.top + self.px(CHART_LABEL)
        chart_w = room - (coach_w + gap if self.coached else 0)
        self.chart = pygame.Rect(left, top, chart_w, inner.bottom - legend - top)
        self.coach_area = pygame.Rect(self.chart.right + gap, inner.top, coach_w, inner.height)
        if not self.coached:
            self.coach_area.height = 0

    def buttons_top(self) -> int:
        return self.chart.bottom + self.px(72) + self.coach_area.height

    def buttons_room(self) -> pygame.Rect:
        return self.buttons

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
        return super().update(dt) or (bool(self.coached) and self.reviews is None)

    def headline(self) -> tuple[str, str]:
        outcome = self.game.state.outcome()
        assert outcome is not None
        winners = self.result.winners
        names = ", ".join(self.game.seats[p].name for p in winners)
        title = t("over.winners" if len(winners) > 1 else "over.winner", names=names)
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
        marks = Marks()
        if len(self.result.winners) == 1:
            marks.emphasise = self.result.winners[0]
        for p in range(state.players):
            line = state.winning_line(p)
            if line:
                marks.winning[p] = line
        return marks

    def draw_result(self, surface: pygame.Surface) -> None:
        names = [seat.name for seat in self.game.seats]
        self.boards.draw(surface, self.game.state, self.geometry, names, self.marks())
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
            lines = wrap(t("review.working"), size, area.width - 24)
            box = pygame.Rect(area.left + 12, y, area.width - 24, area.bottom - y)
            used = draw_lines(surface, lines, box, size, "text_dim")
            widest = max(art.text(line, size, "text_dim").get_width() for line in lines)
            bar = pygame.Rect(area.left + 12, y + used + self.px(6), 0, self.px(5))
            bar.width = max(self.px(40), min(area.width - 24, widest))
            pygame.draw.rect(
                surface, art.colour("panel_border"), bar, border_radius=bar.height // 2
            )
            done = bar.copy()
            done.width = int(bar.width * min(1.0, self.reviewed))
            if done.width > 0:
                pygame.draw.rect(surface, art.colour("accent"), done, border_radius=bar.height // 2)
            return
        # Each person's lines: three at most, fewer when the strip is short.
        step = min(self.px(64), (area.bottom - y) // max(1, len(self.reviews)))
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
            box = pygame.Rect(area.left + 12, y, area.width - 24, step)
            names = [seat.name for seat in self.game.seats]
            lines = wrap(text, size, box.width, keep=names)[: max(1, step // line_step(size))]
            draw_lines(surface, lines, box, size, "text_dim")
            y += step

    def draw_chart(self, surface: pygame.Surface) -> None:
        series = stars_by_round(self.game)
        top = max(12, max(max(v) for v in series))
        colours = [f"seat_{p + 1}" for p in range(len(series))]
        self.draw_series(surface, t("over.chart"), series, colours, top, dots=True)


__all__ = ["GameOverScreen", "final_boards", "stars_by_round"]
