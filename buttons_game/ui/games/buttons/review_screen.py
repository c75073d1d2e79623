"""The coach's round review, over the table: each decision a person made this round,
the expected stars of their choice and of the best one, the costliest first.

Every figure is what could be known at the decision (``buttons_game.games.buttons.coach``): the
review never tells what the dice did later. It is worked out in a thread, so the
table stays drawn while it is; the screen says so meanwhile.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor

import pygame

from buttons_game.games.buttons.coach import Decision, RoundReview, costliest_first, review_round
from buttons_game.i18n import t
from buttons_game.ui import art
from buttons_game.ui.games.buttons.over_table import OverTable
from buttons_game.ui.screen import Host
from buttons_game.ui.text import fit

from .session import TableSession

SHOWN = 8  # decisions listed per person; the rest are summed up in one line
COLUMNS = (0.03, 0.30, 0.43, 0.60, 0.90)  # choice, bust chance, yours, best, left
HEADS = ("review.choice", "review.bust", "review.yours", "review.best", "review.left")


def choice_text(kind: str, choice: str) -> str:
    """A choice in words: roll, opt out, skip the gold space, or place on (row, col)."""
    if choice in ("roll", "opt_out", "skip"):
        return t(f"review.{choice}")
    return t("review.place", space=choice)


def decision_line(decision: Decision) -> str:
    """What the best choice would have been, for a decision that was not the best."""
    return t(
        "review.better",
        best=choice_text(decision.kind, decision.best),
        value=f"{decision.expected_best:.2f}",
    )


class ReviewScreen(OverTable):
    """Modal: Continue (or Enter) goes on to the star placement, like the summary."""

    name = "review"

    def __init__(self, host: Host, session: TableSession, round_number: int, seats: list[int]):
        super().__init__(host, session)
        self.round_number = round_number
        self.seats = seats
        game = session.game
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="coach")
        self.future: Future[list[RoundReview]] = self.pool.submit(
            lambda: [review_round(game, seat, round_number) for seat in seats]
        )
        self.reviews: list[RoundReview] | None = None
        self.failed = False

    button_gap = 14

    def place_panel(self, size: tuple[int, int]) -> None:
        w, h = size
        self.rect = pygame.Rect(0, 0, int(min(w * 0.86, self.px(940))), int(h * 0.9))
        self.rect.center = (w // 2, h // 2)

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
            return True
        return self.reviews is None and not self.failed

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        self.draw_panel(surface)
        r = self.rect
        title = art.text(t("review.title", n=self.round_number), self.px(26), "accent", True)
        surface.blit(title, title.get_rect(midtop=(r.centerx, r.top + self.px(12))))
        y = r.top + self.px(56)
        if self.failed:
            self._line(surface, t("review.failed"), y, "text_dim")
            return
        if self.reviews is None:
            self._line(surface, t("review.working"), y, "text_dim")
            return
        names = self.session.model.names
        bottom = self.button.rect.top - self.px(40)
        rows = max(2, (bottom - y) // self.px(27) - 3 * len(self.reviews))
        per_seat = min(SHOWN, max(1, rows // len(self.reviews)))
        for review, seat in zip(self.reviews, self.seats):
            y = self._seat(surface, review, names[seat], y, per_seat)
        note = fit(t("review.note"), self.px(14), r.width - self.px(40))
        label = art.text(note, self.px(14), "text_dim")
        surface.blit(label, label.get_rect(midbottom=(r.centerx, self.button.rect.top - 8)))

    def _line(self, surface: pygame.Surface, text: str, y: int, tint: str, bold=False) -> int:
        r = self.rect
        size = self.px(17)
        label = art.text(fit(text, size, r.width - self.px(40), bold), size, tint, bold)
        surface.blit(label, (r.left + self.px(20), y))
        return y + self.px(27)

    def _seat(self, surface: pygame.Surface, review: RoundReview, name: str, y: int, n: int) -> int:
        r = self.rect
        if len(self.reviews or ()) > 1:
            y = self._line(surface, name, y, "text", True)
        if not review.decisions:
            return self._line(surface, t("review.no_choices"), y, "text_dim") + self.px(6)
        size = self.px(15)
        for frac, key in zip(COLUMNS, HEADS):
            head = art.text(fit(t(key), size, int(r.width * 0.15), True), size, "text_dim", True)
            surface.blit(head, (r.left + int(r.width * frac), y))
        y += self.px(24)
        ordered = costliest_first(review.decisions)
        for decision in ordered[:n]:
            self._decision(surface, decision, y)
            y += self.px(27)
        rest = ordered[n:]
        if rest:
            left = sum(d.stars_left for d in rest)
            key = "review.more_best" if left == 0 else "review.more"
            y = self._line(surface, t(key, number=len(rest), left=f"{left:.2f}"), y, "text_dim")
        if review.stars_left > 0:
            total = t("review.total", left=f"{review.stars_left:.2f}")
            y = self._line(surface, total, y + self.px(4), "accent", True)
        else:
            y = self._line(surface, t("review.all_best"), y + self.px(4), "good", True)
        return y + self.px(8)

    def _decision(self, surface: pygame.Surface, d: Decision, y: int) -> None:
        r = self.rect
        size = self.px(16)
        x = [r.left + int(r.width * frac) for frac in COLUMNS]
        tint = "text" if d.matched else "bad"
        icon = self.px(18)
        if d.matched:
            surface.blit(art.star(icon), (x[0], y))
        choice = fit(choice_text(d.kind, d.chosen), size, x[1] - x[0] - icon - 12)
        surface.blit(art.text(choice, size, tint), (x[0] + icon + 6, y))
        if d.bust_probability is not None and d.chosen == "roll":
            bust = art.text(f"{100 * d.bust_probability:.0f}%", size, "text_dim")
            surface.blit(bust, (x[1], y))
        surface.blit(art.text(f"{d.expected_chosen:.2f}", size, tint), (x[2], y))
        if d.matched and d.expected_roll is not None and d.expected_opt_out is not None:
            # a turn: the other choice's figure too (rolling on against opting out)
            other, value = (
                ("opt_out", d.expected_opt_out) if d.chosen == "roll" else ("roll", d.expected_roll)
            )
            text = t("review.was_best_vs", other=choice_text(d.kind, other), value=f"{value:.2f}")
            best = art.text(fit(text, size, x[4] - x[3] - 8), size, "good")
        elif d.matched:
            best = art.text(t("review.was_best"), size, "good")
        else:
            best = art.text(fit(decision_line(d), size, x[4] - x[3] - 8), size, "text")
        surface.blit(best, (x[3], y))
        if not d.matched:
            left = art.text(f"−{d.stars_left:.2f}", size, "bad", True)
            surface.blit(left, (x[4], y))

    def screenshot_key(self) -> str:
        return f"review-{self.session.state.players}p"


__all__ = ["ReviewScreen", "choice_text"]
