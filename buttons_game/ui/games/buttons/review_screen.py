"""The coach's round review: a compact panel beside the table (in the side panel's place),
each decision a person made this round in two lines, the costliest first: what they chose
and the stars it gave away, then the best choice and both figures.

Every figure is what could be known at the decision (``buttons_game.games.buttons.coach``):
the review never tells what the dice did later. It is worked out in a thread, so the
table stays drawn while it is; the panel says so meanwhile. The boards stay in full view
beside it: the round is there to look at.
"""

from __future__ import annotations

from concurrent.futures import Future

import pygame

from buttons_game.games.buttons.coach import Decision, RoundReview, costliest_first, review_round
from buttons_game.i18n import t
from buttons_game.ui import art, world
from buttons_game.ui.background import Background
from buttons_game.ui.games.buttons.over_table import OverTable
from buttons_game.ui.screen import Host
from buttons_game.ui.text import fit, wrap

from .session import TableSession

STAR = "★"  # drawn as the game's star wherever a text has it (not every font has the glyph)
TITLE, NAME, CHOICE, DETAIL, NOTE = 18, 16, 15, 14, 13  # text sizes, before scaling
LINE = 1.35  # a line's height, in text sizes


def choice_text(kind: str, choice: str) -> str:
    """A choice in words: roll, opt out, skip the gold space, or place on (row, col)."""
    if choice in ("roll", "opt_out", "skip"):
        return t(f"review.{choice}")
    return t("review.place", space=choice)


def figure(value: float) -> str:
    """Expected stars as the review shows them: two decimals, never below zero."""
    return f"{max(0.0, value):.2f}"


def gave_away(decision: Decision) -> str:
    """The stars a decision gave away, a positive number: "gave away 0.10 ★"."""
    return t("review.gave_away", left=figure(decision.stars_left))


def decision_line(decision: Decision) -> str:
    """The choice made, with the chance of busting for a roll."""
    text = choice_text(decision.kind, decision.chosen)
    if decision.bust_probability is not None and decision.chosen == "roll":
        text = t("review.with_bust", choice=text, percent=f"{100 * decision.bust_probability:.0f}")
    return text


def detail_line(decision: Decision) -> str:
    """The second line: the best choice and both figures, or that the choice was the best."""
    if not decision.matched:
        best = choice_text(decision.kind, decision.best)
        return t("review.best_line", best=best, value=figure(decision.expected_best))
    if decision.expected_roll is not None and decision.expected_opt_out is not None:
        rolled = decision.chosen == "roll"
        other = "opt_out" if rolled else "roll"
        value = decision.expected_opt_out if rolled else decision.expected_roll
        return t(
            "review.was_best_vs",
            best=choice_text(decision.kind, decision.chosen),
            other=choice_text(decision.kind, other),
            value=figure(value),
        )
    return t("review.was_best")


def star_text_width(text: str, size: int, bold: bool = False) -> int:
    """The width of ``text`` drawn by ``draw_star_text``."""
    parts = text.split(STAR)
    width = sum(art.text(part, size, "text", bold).get_width() for part in parts if part)
    return width + (len(parts) - 1) * size


def draw_star_text(
    surface: pygame.Surface,
    text: str,
    pos: tuple[int, int],
    size: int,
    tint: str,
    bold: bool = False,
) -> None:
    """``text`` at ``pos`` (top left), each ★ in it drawn as the game's star."""
    x, y = pos
    parts = text.split(STAR)
    for i, part in enumerate(parts):
        if part:
            image = art.text(part, size, tint, bold)
            surface.blit(image, (x, y))
            x += image.get_width()
        if i < len(parts) - 1:
            icon = art.star(size)
            surface.blit(icon, (x, y + int(size * 0.2)))
            x += size


class ReviewScreen(OverTable):
    """Modal: Continue (or Enter) goes on to the star placement, like the summary."""

    name = "review"

    def speech_title(self) -> str:
        return t("review.title", n=self.round_number)

    button_gap = 12
    strip = False  # its lines need a column's height: the boards make room at the right

    def __init__(self, host: Host, session: TableSession, round_number: int, seats: list[int]):
        super().__init__(host, session)
        self.round_number = round_number
        self.seats = seats
        game = session.game
        self.pool = Background("coach")
        self.future: Future[list[RoundReview]] = self.pool.submit(
            lambda: [
                review_round(game, seat, round_number, cancel=self.pool.cancelled.is_set)
                for seat in seats
            ]
        )
        self.reviews: list[RoundReview] | None = None
        self.failed = False
        self.shown: list[int] = []  # decisions shown per seat, in the last frame drawn
        self.room_left = 0

    def place_panel(self, size: tuple[int, int]) -> None:
        """The side panel's place: the boards stay in view beside it."""
        self.rect = self.table.side.copy()

    def exit(self) -> None:
        super().exit()
        self.pool.shutdown(wait=False, cancel_futures=True)

    def update(self, dt: float) -> bool:
        if self.reviews is None and not self.failed and self.future.done():
            try:
                self.reviews = self.future.result()
            except Exception as error:  # the review is advice: it must never stop the game
                print(f"buttons-game: the round review failed: {error!r}")
                self.failed = True
            if self.reviews is not None and self.session.speech is not None:
                self.session.speech.say(self.words(self.reviews), kind="review")
            return True
        return self.reviews is None and not self.failed

    def words(self, reviews: list[RoundReview]) -> str:
        """The coach's review for speech: every decision of each person, costliest first,
        then the round's sum."""
        names = self.session.model.names
        parts = [t("review.title", n=self.round_number)]
        for seat, review in zip(self.seats, reviews):
            parts.append(names[seat] + ":")
            if not review.decisions:
                parts.append(t("review.no_choices"))
                continue
            for decision in costliest_first(review.decisions):
                parts += [decision_line(decision) + ".", detail_line(decision) + "."]
            left = review.stars_left
            parts.append(t("review.total", left=figure(left)) if left > 0 else t("review.all_best"))
        return " ".join(" ".join(parts).split())

    # ------------------------------------------------------------------ drawing
    @property
    def inner(self) -> pygame.Rect:
        return self.rect.inflate(-2 * self.px(10), -2 * self.px(12))

    def draw(self, surface: pygame.Surface) -> None:
        model = self.session.model
        self.drawing.draw(surface, model, self.table, self.host.background)
        r = self.rect
        world.draw_mat(surface, r, 14, lifted=False)
        pygame.draw.rect(surface, art.colour("accent"), r, width=3, border_radius=14)
        inner = self.inner
        y = inner.top
        title = t("review.title", n=self.round_number)
        y = self._lines(surface, title, y, TITLE, "accent", bold=True) + self.px(6)
        note_lines = wrap(t("review.note"), self.px(NOTE), inner.width)
        note_top = self.button.rect.top - self.px(8) - len(note_lines) * self._step(NOTE)
        if self.failed or self.reviews is None:
            key = "review.failed" if self.failed else "review.working"
            self._lines(surface, t(key), y, CHOICE, "text_dim")
            return
        names = self.session.model.names
        self.shown = []
        for i, (review, seat) in enumerate(zip(self.reviews, self.seats)):
            seats_left = len(self.reviews) - i
            bottom = y + (note_top - y) // seats_left  # each person an equal share of the room
            y = self._seat(surface, review, names[seat], y, bottom)
        self.room_left = note_top - y  # (the tests read it: the decisions never reach the note)
        self._lines(surface, t("review.note"), note_top, NOTE, "text_dim")

    @property
    def _indent(self) -> int:
        """Where a decision's words begin: after the star of a best choice."""
        return self.px(CHOICE) + self.px(4)

    def _step(self, size: int) -> int:
        return int(self.px(size) * LINE)

    def _lines(
        self, surface: pygame.Surface, text: str, y: int, size: int, tint: str, bold: bool = False
    ) -> int:
        """``text`` wrapped to the panel from ``y``; returns the y under it."""
        inner = self.inner
        for line in wrap(text, self.px(size), inner.width, bold):
            surface.blit(art.text(line, self.px(size), tint, bold), (inner.left, y))
            y += self._step(size)
        return y

    def _seat(
        self, surface: pygame.Surface, review: RoundReview, name: str, y: int, bottom: int
    ) -> int:
        """One person's decisions, as many as fit above ``bottom``, and the round's sum."""
        if len(self.seats) > 1:
            y = self._lines(surface, name, y, NAME, "text", bold=True)
        if not review.decisions:
            self.shown.append(0)
            return self._lines(surface, t("review.no_choices"), y, CHOICE, "text_dim") + self.px(8)
        if review.stars_left > 0:
            total, tint = t("review.total", left=figure(review.stars_left)), "accent"
        else:
            total, tint = t("review.all_best"), "good"
        ordered = costliest_first(review.decisions)
        width = self.inner.width
        total_h = len(wrap(total, self.px(CHOICE), width, True)) * self._step(CHOICE)
        more_h = self._step(DETAIL) * 2
        room = bottom - y - total_h - self.px(8)
        shown = 0
        for decision in ordered:
            height = self._block_height(decision)
            rest = len(ordered) - shown - 1
            if height + (more_h if rest else 0) > room:
                break
            y = self._decision(surface, decision, y)
            room -= height
            shown += 1
        self.shown.append(shown)
        rest_of = ordered[shown:]
        if rest_of:
            left = sum(d.stars_left for d in rest_of)
            key = "review.more_best" if left == 0 else "review.more"
            more = t(key, number=len(rest_of), left=figure(left))
            y = self._lines(surface, more, y, DETAIL, "text_dim")
        return self._lines(surface, total, y + self.px(2), CHOICE, tint, bold=True) + self.px(8)

    def _figure(self, d: Decision) -> tuple[str, str, bool]:
        """The figure beside a choice: its expected stars when it was the best, else the
        stars it gave away; and whether it fits on the choice's line."""
        size = self.px(CHOICE)
        if d.matched:
            return f"{figure(d.expected_chosen)} {STAR}", "good", True
        text = gave_away(d)
        words = art.text(decision_line(d), size, "bad").get_width()
        room = self.inner.width - self._indent - words - self.px(10)
        return text, "bad", star_text_width(text, size, True) <= room

    def _details(self, d: Decision) -> list[tuple[int, int, str, str, bool]]:
        """A decision's lines under its choice, as (line, x offset, text, tint, bold): what a
        costly choice gave away when it is not beside the choice, and the best choice (on
        one line with it when both fit); for the best choice at a turn, the other's figure."""
        width = self.inner.width - self._indent
        small = self.px(DETAIL)
        if d.matched:
            if d.expected_roll is None:
                return []
            lines = wrap(detail_line(d), small, width)
            return [(i, 0, line, "good", False) for i, line in enumerate(lines)]
        best = wrap(detail_line(d), small, width)
        out = [(i, 0, line, "text_dim", False) for i, line in enumerate(best)]
        lost, _, beside = self._figure(d)
        if beside:
            return out
        lost_w = star_text_width(lost, small, True) + self.px(10)
        if len(best) == 1 and lost_w + star_text_width(best[0], small) <= width:
            return [(0, 0, lost, "bad", True), (0, lost_w, best[0], "text_dim", False)]
        return [(0, 0, lost, "bad", True)] + [
            (i + 1, 0, line, "text_dim", False) for i, line in enumerate(best)
        ]

    def _block_height(self, decision: Decision) -> int:
        details = self._details(decision)
        lines = 1 + details[-1][0] if details else 0
        return self._step(CHOICE) + lines * self._step(DETAIL) + self.px(5)

    def _decision(self, surface: pygame.Surface, d: Decision, y: int) -> int:
        """The choice (a star before a best one) and its figure at the right when it fits
        there, then the lines of ``_details``."""
        inner = self.inner
        size = self.px(CHOICE)
        x = inner.left + self._indent
        room = inner.right - x
        if d.matched:
            surface.blit(art.star(size), (inner.left, y + int(size * 0.15)))
        text, tint, beside = self._figure(d)
        if beside:
            width = star_text_width(text, size, True)
            draw_star_text(surface, text, (inner.right - width, y), size, tint, True)
            room -= width + self.px(10)
        choice = fit(decision_line(d), size, room)
        surface.blit(art.text(choice, size, "text" if d.matched else "bad"), (x, y))
        top = y + self._step(CHOICE)
        small = self.px(DETAIL)
        details = self._details(d)
        for line, dx, words, shade, bold in details:
            at = (x + dx, top + line * self._step(DETAIL))
            draw_star_text(surface, words, at, small, shade, bold)
        lines = 1 + details[-1][0] if details else 0
        return top + lines * self._step(DETAIL) + self.px(5)

    def screenshot_key(self) -> str:
        return f"review-{self.session.state.players}p"


__all__ = ["ReviewScreen", "choice_text", "decision_line", "detail_line", "figure", "gave_away"]
