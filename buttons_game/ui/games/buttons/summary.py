"""The round's scoring, over the table: each seat's opt-out star, colours, card bonus, total."""

from __future__ import annotations

import pygame

from buttons_game.games.buttons.engine import RoundScore, Status
from buttons_game.i18n import t
from buttons_game.ui import art
from buttons_game.ui.games.buttons.over_table import OverTable
from buttons_game.ui.screen import Host
from buttons_game.ui.text import fit

from .boards import draw_card
from .session import TableSession
from .steps import round_steps

AUTO_CLOSE_SECONDS = 2.2
COLUMNS = (0.04, 0.34, 0.48, 0.72, 0.88)
HEADS = ("summary.seat", "summary.opt_out", "summary.colours", "summary.cards", "summary.total")


class SummaryScreen(OverTable):
    """Modal: Continue (or Enter) goes on to the star placement; U takes an opt-out back."""

    name = "summary"

    def __init__(self, host: Host, session: TableSession) -> None:
        super().__init__(host, session)
        score = session.take_summary()
        assert isinstance(score, RoundScore)
        self.score: RoundScore = score
        self.shown = 0.0
        self.frames = 0
        self.anyone_human = any(seat.is_human for seat in session.game.seats)

    def place_panel(self, size: tuple[int, int]) -> None:
        n = len(self.score.seats)
        self.rect = pygame.Rect(0, 0, int(min(size[0] * 0.8, self.px(860))), self.px(190 + 56 * n))
        self.rect.center = self.table.board_area.center

    def close(self) -> None:
        game = self.session.game
        humans = [p for p, seat in enumerate(game.seats) if seat.is_human]
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
        model = self.session.model
        self.draw_panel(surface)
        r = self.rect
        title = art.text(t("summary.title", n=self.score.round_number), self.px(28), "accent", True)
        surface.blit(title, title.get_rect(midtop=(r.centerx, r.top + self.px(16))))
        y = r.top + self.px(70)
        for frac, key in zip(COLUMNS, HEADS):
            head = art.text(t(key), self.px(16), "text_dim", True)
            surface.blit(head, (r.left + int(r.width * frac), y))
        y += self.px(34)
        row_h = self.px(56)
        icon = self.px(36)
        names = model.names
        for p, seat in enumerate(self.score.seats):
            cy = y + row_h // 2
            name = fit(names[p], self.px(19), int(r.width * 0.28), True)
            label = art.text(name, self.px(19), "text", True)
            surface.blit(label, (r.left + int(r.width * COLUMNS[0]), cy - label.get_height() // 2))
            x = r.left + int(r.width * COLUMNS[1])
            if seat.status is Status.BUSTED:
                label = art.text(t("summary.busted"), self.px(18), "bad", True)
                surface.blit(label, (x, cy - label.get_height() // 2))
            else:
                surface.blit(art.star(icon), (x, cy - icon // 2))
                x = r.left + int(r.width * COLUMNS[2])
                for colour_name in seat.colours:
                    surface.blit(art.printed_button(colour_name, icon), (x, cy - icon // 2))
                    x += icon + 4
                x = r.left + int(r.width * COLUMNS[3])
                for colour_name in seat.card_bonus:
                    card = pygame.Rect(x, cy - icon // 2 - 2, int(icon * 0.8), icon + 4)
                    draw_card(surface, card, colour_name)
                    x += card.width + 6
            tint = "star" if seat.total else "text_dim"
            total = art.text(str(seat.total), self.px(26), tint, True)
            surface.blit(total, (r.left + int(r.width * COLUMNS[4]), cy - total.get_height() // 2))
            y += row_h

    def screenshot_key(self) -> str:
        return f"summary-{self.session.state.players}p"
