"""The round's scoring, over the table: each seat's opt-out star, colours, card bonus, total."""

from __future__ import annotations

import pygame
import pygame_gui

from buttons_game.engine import RoundScore, Status
from buttons_game.i18n import t, tk

from .. import art
from ..boards import draw_card
from ..screen import Host, Screen
from ..table.session import TableSession
from ..table.view import TableDrawing, TableLayout
from ..text import fit

AUTO_CLOSE_SECONDS = 2.2
COLUMNS = (0.04, 0.34, 0.48, 0.72, 0.88)
HEADS = ("summary.seat", "summary.opt_out", "summary.colours", "summary.cards", "summary.total")


class SummaryScreen(Screen):
    """Modal: Continue (or Enter) goes on to the star placement; U takes an opt-out back."""

    name = "summary"

    def __init__(self, host: Host, session: TableSession) -> None:
        super().__init__(host)
        self.session = session
        score = session.take_summary()
        assert isinstance(score, RoundScore)
        self.score: RoundScore = score
        self.drawing = TableDrawing()
        self.shown = 0.0
        self.frames = 0
        self.anyone_human = any(seat.is_human for seat in session.game.seats)

    def layout(self) -> None:
        w, h = self.host.surface.get_size()
        self.table = TableLayout.compute((w, h), self.session.state.players, self.scale)
        n = len(self.score.seats)
        self.rect = pygame.Rect(0, 0, int(min(w * 0.8, self.px(860))), self.px(190 + 56 * n))
        self.rect.center = self.table.board_area.center

    def build(self) -> None:
        bw, bh = self.px(220), self.px(50)
        r = self.rect
        self.button = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(r.centerx - bw // 2, r.bottom - bh - self.px(16), bw, bh),
                tk("game.continue"),
                manager=self.manager,
                object_id="#primary",
            )
        )

    def close(self) -> None:
        game = self.session.game
        humans = [p for p, seat in enumerate(game.seats) if seat.is_human]
        coached = [] if self.session.in_tutorial else self.host.settings.coached(humans)
        if coached:
            self.host.show_review(self.session, self.score.round_number, coached)
        elif self.session.state.phase.value == "stars":
            self.host.show_stars(self.session)
        else:
            self.host.back()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.button:
            self.close()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
                self.close()
            elif event.key == pygame.K_u:
                self._undo()
            elif event.key == pygame.K_ESCAPE:
                self.host.show_pause(self.session.game, self.draw)
            return True
        return event.type == pygame.MOUSEBUTTONDOWN  # modal: the table waits

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
        self.drawing.draw(surface, model, self.table, self.host.background)
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill(art.colour("dim"))
        surface.blit(dim, (0, 0))
        if model.tutorial is not None:  # the tutorial's step stays readable beside the scoring
            self.drawing.draw_side(surface, model, self.table)
        r = self.rect
        pygame.draw.rect(surface, art.colour("panel"), r, border_radius=16)
        pygame.draw.rect(surface, art.colour("accent"), r, width=3, border_radius=16)
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
