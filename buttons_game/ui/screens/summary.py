"""The round-end summary: each seat's opt-out star, colours covered, card bonus, total."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from buttons_game.engine import RoundScore, Status
from buttons_game.game import Game
from buttons_game.i18n import t, tk

from .. import art
from ..text import fit

if TYPE_CHECKING:
    from .game_screen import GameScreen

AUTO_CLOSE_SECONDS = 2.2


class SummaryOverlay:
    def __init__(self, score: RoundScore, game: Game) -> None:
        self.score = score
        self.game = game
        self.shown = 0.0
        self.frames = 0
        self.button: pygame_gui.elements.UIButton | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)

    @property
    def anyone_human(self) -> bool:
        return any(seat.is_human for seat in self.game.seats)

    def build(self, screen: GameScreen) -> None:
        w, h = screen.app.surface.get_size()
        s = screen.app.scale
        n = len(self.score.seats)
        rw, rh = int(min(w * 0.8, 860 * s)), int((190 + 56 * n) * s)
        self.rect = pygame.Rect(0, 0, rw, rh)
        self.rect.center = screen.board_area.center
        bw, bh = int(220 * s), int(50 * s)
        self.button = screen.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(
                    self.rect.centerx - bw // 2, self.rect.bottom - bh - int(16 * s), bw, bh
                ),
                tk("game.continue"),
                manager=screen.manager,
                object_id="#primary",
            )
        )

    def close(self, screen: GameScreen) -> None:
        if self.button is not None:
            self.button.kill()
            if self.button in screen.widgets:
                screen.widgets.remove(self.button)
        screen.summary = None
        screen.calm = 0.0
        screen._refresh_widgets()

    def handle_event(self, event: pygame.event.Event, screen: GameScreen) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.button:
            self.close(screen)
            return True
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN,
            pygame.K_SPACE,
            pygame.K_KP_ENTER,
        ):
            self.close(screen)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return False
        # The summary is modal: clicks and keys meant for the table wait until it closes.
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)

    def update(self, dt: float, screen: GameScreen) -> bool:
        self.shown += dt
        self.frames += 1
        # Without people at the table it closes itself, after a few frames at least.
        wait = AUTO_CLOSE_SECONDS * screen.app.animation_factor
        if not self.anyone_human and self.shown >= wait and self.frames > 3:
            self.close(screen)
            return True
        return not self.anyone_human

    def draw(self, surface: pygame.Surface, screen: GameScreen) -> None:
        s = screen.app.scale
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill((10, 12, 18, 150))
        surface.blit(dim, (0, 0))
        r = self.rect
        pygame.draw.rect(surface, art.colour("panel"), r, border_radius=16)
        pygame.draw.rect(surface, art.colour("accent"), r, width=3, border_radius=16)
        title = art.text(t("summary.title", n=self.score.round_number), int(28 * s), "accent", True)
        surface.blit(title, title.get_rect(midtop=(r.centerx, r.top + int(16 * s))))
        cols = [0.04, 0.34, 0.48, 0.72, 0.88]
        heads = [
            "summary.seat",
            "summary.opt_out",
            "summary.colours",
            "summary.cards",
            "summary.total",
        ]
        y = r.top + int(70 * s)
        for frac, key in zip(cols, heads):
            head = art.text(t(key), int(16 * s), "text_dim", True)
            surface.blit(head, (r.left + int(r.width * frac), y))
        y += int(34 * s)
        row_h = int(56 * s)
        icon = int(36 * s)
        for p, seat in enumerate(self.score.seats):
            cy = y + row_h // 2
            name = fit(self.game.seats[p].name, int(19 * s), int(r.width * 0.28), True)
            surface.blit(
                art.text(name, int(19 * s), "text", True),
                (r.left + int(r.width * cols[0]), cy - int(12 * s)),
            )
            if seat.status is Status.BUSTED:
                label = art.text(t("summary.busted"), int(18 * s), "bad", True)
                surface.blit(label, (r.left + int(r.width * cols[1]), cy - label.get_height() // 2))
            else:
                x = r.left + int(r.width * cols[1])
                if seat.opt_out_star:
                    surface.blit(art.star(icon), (x, cy - icon // 2))
                x = r.left + int(r.width * cols[2])
                for colour_name in seat.colours:
                    surface.blit(art.printed_button(colour_name, icon), (x, cy - icon // 2))
                    x += icon + 4
                x = r.left + int(r.width * cols[3])
                for colour_name in seat.card_bonus:
                    card = pygame.Rect(x, cy - icon // 2 - 2, int(icon * 0.8), icon + 4)
                    pygame.draw.rect(surface, (245, 240, 228), card, border_radius=4)
                    pygame.draw.rect(
                        surface, art.colour(colour_name), card.inflate(-4, -4), border_radius=3
                    )
                    dot = art.printed_button(colour_name, int(card.width * 0.9))
                    surface.blit(dot, dot.get_rect(center=card.center))
                    x += card.width + 6
            total = art.text(
                str(seat.total), int(26 * s), "star" if seat.total else "text_dim", True
            )
            surface.blit(total, (r.left + int(r.width * cols[4]), cy - total.get_height() // 2))
            y += row_h
