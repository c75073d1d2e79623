"""The round's scoring in the side panel's place, the boards in full view beside it: each
seat's opt-out star, colours, card bonus and total."""

from __future__ import annotations

import pygame

from buttons_game.games.buttons.engine import RoundScore, Status
from buttons_game.i18n import t
from buttons_game.ui import art
from buttons_game.ui.games.buttons.over_table import OverTable
from buttons_game.ui.screen import Host
from buttons_game.ui.text import draw_lines, fit, line_step, wrap

from .boards import draw_card
from .session import TableSession
from .speech import ButtonsReader
from .steps import round_steps

AUTO_CLOSE_SECONDS = 2.2
HEADS = ("summary.seat", "summary.opt_out", "summary.colours", "summary.cards", "summary.total")
TITLE, HEAD, NAME, TOTAL = 22, 14, 17, 24  # text sizes, before scaling
ICON = 30  # the largest icon of a star, a colour or a card (before scaling)
LEGEND = 250  # in the strip: the column of the title and the heads (before scaling)


class SummaryScreen(OverTable):
    """Modal: Continue (or Enter) goes on to the star placement; U takes an opt-out back.
    It stands in the side panel's place, like the coach's review after it."""

    name = "summary"

    def speech_title(self) -> str:
        return t("summary.title", n=self.score.round_number)

    def __init__(self, host: Host, session: TableSession) -> None:
        super().__init__(host, session)
        score = session.take_summary()
        assert isinstance(score, RoundScore)
        self.score: RoundScore = score
        self.shown = 0.0
        self.frames = 0
        self.anyone_human = any(session.model.here(p) for p in range(len(session.game.seats)))

    def enter(self) -> None:
        super().enter()
        session = self.session
        if session.speech is not None:  # the scoring read as a table, seat by seat, after
            reader = session.speech.reader  # the screen's title
            assert isinstance(reader, ButtonsReader)
            session.speech.say(reader.summary(self.score), kind="summary")

    def place_panel(self, size: tuple[int, int]) -> None:
        """The side panel's place: the round's boards stay in view beside it."""
        self.rect = self.table.side.copy()

    @property
    def inner(self) -> pygame.Rect:
        return self.rect.inflate(-2 * self.px(12), -2 * self.px(12))

    def icon_size(self) -> int:
        """Icons as large as a seat's widest line allows: the star, four colours, two cards."""
        return max(8, min(self.px(ICON), (self.inner.width - self.px(28)) * 10 // 68))

    def close(self) -> None:
        game = self.session.game
        humans = [p for p in range(len(game.seats)) if self.session.model.here(p)]
        coached = [] if self.session.in_tutorial else self.host.settings.coached(humans)
        if coached:
            round_steps().show_review(self.host, self.session, self.score.round_number, coached)
        else:
            super().close()

    def on_key(self, key: int) -> None:
        if key == pygame.K_u:
            self._undo()

    def _undo(self) -> None:
        """A stray opt-out that ended the round can still be taken back."""
        before = len(self.session.state.round_scores())
        self.session.undo()
        if len(self.session.state.round_scores()) < before:
            self.host.back()

    def update(self, dt: float) -> bool:
        self.shown += dt
        self.frames += 1
        # Without people at the table it closes itself, after a few frames at least.
        wait = AUTO_CLOSE_SECONDS * self.host.animation_factor
        plays_itself = not self.anyone_human or self.session.autoplay
        if plays_itself and self.shown >= wait and self.frames > 3:
            self.close()
            return True
        return plays_itself

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_panel(surface)
        if self.in_strip:
            self.draw_strip(surface)
        else:
            self.draw_column(surface)

    def seat_columns(self) -> list[pygame.Rect]:
        """In the strip: one column per seat, between the title's column and Continue."""
        inner = self.inner
        gap = self.px(16)
        left = inner.left + self.px(LEGEND) + gap
        right = self.button.rect.left - gap
        players = len(self.score.seats)
        width = (right - left - (players - 1) * gap) // players
        return [
            pygame.Rect(left + p * (width + gap), inner.top, width, inner.height)
            for p in range(players)
        ]

    def draw_strip(self, surface: pygame.Surface) -> None:
        """The strip under the boards: the title and the column heads at the left, then each
        seat in its own column (its name and total, then how the total was made)."""
        inner = self.inner
        legend = pygame.Rect(inner.left, inner.top, self.px(LEGEND), inner.height)
        size = self.px(TITLE)
        title = wrap(t("summary.title", n=self.score.round_number), size, legend.width, True)
        y = legend.top + draw_lines(surface, title, legend, size, "accent", True)
        size = self.px(HEAD)
        heads = f"{t(HEADS[0])} · {t(HEADS[4])}: " + " · ".join(t(key) for key in HEADS[1:4])
        rest = pygame.Rect(legend.left, y + self.px(4), legend.width, legend.bottom - y)
        draw_lines(surface, wrap(heads, size, legend.width), rest, size, "text_dim")
        columns = self.seat_columns()
        widest = min(column.width for column in columns)
        icon = max(8, min(self.px(ICON), (widest - self.px(28)) * 10 // 68))
        high = line_step(self.px(TOTAL)) + self.px(4) + icon
        for p, column in enumerate(columns):
            x = column.left - self.px(8)
            pygame.draw.line(surface, art.colour("panel_border"), (x, inner.top), (x, inner.bottom))
            area = pygame.Rect(column.left, column.centery - high // 2, column.width, high)
            self.draw_seat(surface, p, area, icon)

    def draw_seat(self, surface: pygame.Surface, p: int, area: pygame.Rect, icon: int) -> int:
        """Seat ``p``'s line (its name, its total at the right) and its icons under it, in
        ``area`` from its top; returns the y under them."""
        seat = self.score.seats[p]
        y = area.top
        tint = "star" if seat.total else "text_dim"
        total = art.text(str(seat.total), self.px(TOTAL), tint, True)
        room = area.width - total.get_width() - self.px(10)
        names = self.session.model.names
        name = art.text(fit(names[p], self.px(NAME), room, True), self.px(NAME), "text", True)
        high = max(name.get_height(), total.get_height())
        surface.blit(name, (area.left, y + (high - name.get_height()) // 2))
        surface.blit(total, (area.right - total.get_width(), y))
        y += high + self.px(2)
        x = area.left
        if seat.status is Status.BUSTED:
            label = art.text(t("summary.busted"), self.px(16), "bad", True)
            surface.blit(label, (x, y + (icon - label.get_height()) // 2))
        else:
            surface.blit(art.star(icon), (x, y))
            x += icon + self.px(10)
            for colour_name in seat.colours:
                surface.blit(art.printed_button(colour_name, icon), (x, y))
                x += icon + 4
            x += self.px(6)
            for colour_name in seat.card_bonus:
                card = pygame.Rect(x, y - 2, int(icon * 0.8), icon + 4)
                draw_card(surface, card, colour_name)
                x += card.width + 6
        return y + icon

    def draw_column(self, surface: pygame.Surface) -> None:
        """The side panel's place: the title, the column heads, then the seats one below
        the other."""
        inner = self.inner
        y = inner.top
        title = t("summary.title", n=self.score.round_number)
        for line in wrap(title, self.px(TITLE), inner.width, True):
            image = art.text(line, self.px(TITLE), "accent", True)
            surface.blit(image, image.get_rect(midtop=(inner.centerx, y)))
            y += line_step(self.px(TITLE))
        y += self.px(8)
        # the column heads: the seat and its total on one line, what makes up the total below
        size = self.px(HEAD)
        seat_head = art.text(t(HEADS[0]), size, "text_dim", True)
        total_head = art.text(t(HEADS[4]), size, "text_dim", True)
        surface.blit(seat_head, (inner.left, y))
        surface.blit(total_head, (inner.right - total_head.get_width(), y))
        y += line_step(size)
        parts = " · ".join(t(key) for key in HEADS[1:4])
        y += draw_lines(
            surface, wrap(parts, size, inner.width), inner.move(0, y - inner.top), size, "text_dim"
        )
        y += self.px(6)
        pygame.draw.line(surface, art.colour("panel_border"), (inner.left, y), (inner.right, y))
        y += self.px(8)
        icon = self.icon_size()
        for p in range(len(self.score.seats)):
            y = self.draw_seat(surface, p, inner.move(0, y - inner.top), icon) + self.px(12)

    def screenshot_key(self) -> str:
        return f"summary-{self.session.state.players}p"
