"""The seats' boards: where each one sits on screen, how it is drawn, what a click hits."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from buttons_game.engine import COLOURS, LAYOUTS, GameState, Status
from buttons_game.engine.board import iter_spaces
from buttons_game.i18n import t

from . import art
from .text import fit

STATUS_TINT = {Status.IN_ROUND: "good", Status.OPTED_OUT: "accent", Status.BUSTED: "bad"}


@dataclass
class BoardGeometry:
    seat: int
    panel: pygame.Rect
    header: pygame.Rect
    grid: pygame.Rect
    cell: int
    label: int
    depot: pygame.Rect
    actions: pygame.Rect  # room in the header for Place / Skip buttons

    def cell_rect(self, row: int, col: int) -> pygame.Rect:
        return pygame.Rect(
            self.grid.left + (col - 1) * self.cell,
            self.grid.top + (row - 1) * self.cell,
            self.cell,
            self.cell,
        )

    def cell_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        if not self.grid.collidepoint(pos):
            return None
        col = (pos[0] - self.grid.left) // self.cell + 1
        row = (pos[1] - self.grid.top) // self.cell + 1
        if 1 <= row <= 6 and 1 <= col <= 6:
            return int(row), int(col)
        return None


def layout_boards(area: pygame.Rect, players: int, gap: int = 10) -> list[BoardGeometry]:
    """Boards 2x2 for four seats, side by side for two or three."""
    cols, rows = (2, 2) if players == 4 else (players, 1)
    pw = (area.width - gap * (cols - 1)) // cols
    ph = (area.height - gap * (rows - 1)) // rows
    result = []
    for p in range(players):
        r, c = divmod(p, cols)
        panel = pygame.Rect(area.left + c * (pw + gap), area.top + r * (ph + gap), pw, ph)
        result.append(_board_in(panel, p))
    return result


def _board_in(panel: pygame.Rect, seat: int) -> BoardGeometry:
    pad = max(6, panel.height // 45)
    header_h = max(50, min(84, int(panel.height * 0.17)))
    avail_w = panel.width - 2 * pad
    avail_h = panel.height - 2 * pad - header_h
    cell = int(min(avail_w - 12, avail_h - 12) / 6.62)
    label = int(cell * 0.62)
    grid_w = 6 * cell + label
    header = pygame.Rect(panel.left + pad, panel.top + pad, panel.width - 2 * pad, header_h)
    left = panel.centerx - grid_w // 2
    top = header.bottom + (avail_h - 6 * cell - label) // 2
    grid = pygame.Rect(left + label, top + label, 6 * cell, 6 * cell)
    line_h = header_h // 2
    depot = pygame.Rect(header.left, header.top + line_h + 2, int(line_h * 2.3), line_h - 4)
    actions = pygame.Rect(header.centerx, header.top + line_h, header.width // 2, line_h)
    if actions.width < 220:
        # A narrow board: Place / Skip go in a strip under the board instead.
        strip = min(44, panel.bottom - pad - (grid.bottom + 8))
        actions = pygame.Rect(
            panel.left + pad,
            panel.bottom - pad - max(strip, 30),
            panel.width - 2 * pad,
            max(strip, 30),
        )
    return BoardGeometry(seat, panel, header, grid, cell, label, depot, actions)


@dataclass
class Marks:
    """What the screen wants shown on top of the boards (highlights, hover, flashes)."""

    legal: dict[int, set[tuple[int, int]]] = field(default_factory=dict)
    gold: dict[int, set[tuple[int, int]]] = field(default_factory=dict)
    star_targets: dict[int, set[tuple[int, int]]] = field(default_factory=dict)
    hover: tuple[int, int, int] | None = None  # seat, row, col
    flash: tuple[int, int, int] | None = None
    fading: dict[int, tuple[int, float]] = field(default_factory=dict)  # seat -> (mask, 0..1 left)
    pending: set[int] = field(default_factory=set)
    cursor: tuple[int, int, int] | None = None  # the keyboard's space
    advice: tuple[int, int, int] | None = None  # the space a hint suggests
    pulse: float = 0.0  # 0..1, for breathing highlights


class TableView:
    """Draws every seat's board for a state. Drawing never changes the state."""

    def __init__(self) -> None:
        self._static: dict[tuple[str, int, int, bool], pygame.Surface] = {}

    def static_board(self, layout: str, cell: int, label: int) -> pygame.Surface:
        """Board, printed buttons and the dice labels: cached per layout and size."""
        key = (layout, cell, label, art.show_symbols)
        cached = self._static.get(key)
        if cached is not None:
            return cached
        size = (6 * cell + label + 8, 6 * cell + label + 8)
        s = pygame.Surface(size, pygame.SRCALPHA)
        board = pygame.Rect(label - 4, label - 4, 6 * cell + 8, 6 * cell + 8)
        pygame.draw.rect(s, art.colour("board_shadow"), board.move(3, 3), border_radius=cell // 5)
        pygame.draw.rect(s, art.colour("board"), board, border_radius=cell // 5)
        grid = LAYOUTS[layout]
        d = int(cell * 0.92)
        for r in range(6):
            for c in range(6):
                x = label + c * cell + (cell - d) // 2
                y = label + r * cell + (cell - d) // 2
                s.blit(art.printed_button(grid[r][c], d), (x, y))
        ld = int(label * 0.86)
        for i in range(6):
            # rows: the white die; columns: a black die (gold pips)
            s.blit(
                art.die("white", i + 1, ld),
                ((label - ld) // 2 - 3, label + i * cell + (cell - ld) // 2),
            )
            s.blit(
                art.die("gold", i + 1, ld),
                (label + i * cell + (cell - ld) // 2, (label - ld) // 2 - 3),
            )
        self._static[key] = s
        return s

    def draw(
        self,
        surface: pygame.Surface,
        state: GameState,
        geometry: list[BoardGeometry],
        names: list[str],
        marks: Marks,
        emphasise: int | None,
    ) -> None:
        for g in geometry:
            self._draw_panel(surface, state, g, names[g.seat], marks, g.seat == emphasise)

    def _draw_panel(
        self,
        surface: pygame.Surface,
        state: GameState,
        g: BoardGeometry,
        name: str,
        marks: Marks,
        active: bool,
    ) -> None:
        p = g.seat
        panel_colour = art.colour("panel_active" if active else "panel")
        pygame.draw.rect(surface, panel_colour, g.panel, border_radius=14)
        border = art.colour("active_border") if active else art.colour("panel_border")
        pygame.draw.rect(surface, border, g.panel, width=4 if active else 2, border_radius=14)
        self._draw_header(surface, state, g, name, marks, active)
        surface.blit(
            self.static_board(state.layout(p), g.cell, g.label),
            (g.grid.left - g.label, g.grid.top - g.label),
        )
        cell = g.cell
        d = int(cell * 0.98)
        off = (cell - d) // 2
        pulse = 0.5 + 0.5 * marks.pulse
        for row, col in marks.legal.get(p, ()):
            ring = art.ring(cell, "legal", 0.07 + 0.03 * pulse)
            surface.blit(ring, g.cell_rect(row, col))
        for row, col in marks.gold.get(p, ()):
            surface.blit(art.ring(cell, "gold", 0.08 + 0.04 * pulse), g.cell_rect(row, col))
        for row, col in iter_spaces(state.button_mask(p)):
            surface.blit(art.glass_button(d), g.cell_rect(row, col).move(off, off))
        for row, col in marks.star_targets.get(p, ()):
            surface.blit(art.ring(cell, "star", 0.07 + 0.04 * pulse), g.cell_rect(row, col))
        sd = int(cell * 0.95)
        for row, col in iter_spaces(state.star_mask(p)):
            rect = g.cell_rect(row, col)
            surface.blit(art.star(sd), (rect.left + (cell - sd) // 2, rect.top + (cell - sd) // 2))
        fading = marks.fading.get(p)
        if fading:
            mask, left = fading
            ghost = art.glass_button(d).copy()
            ghost.set_alpha(int(255 * left))
            rise = int((1 - left) * cell * 0.6)
            for row, col in iter_spaces(mask):
                surface.blit(ghost, g.cell_rect(row, col).move(off, off - rise))
        if marks.hover and marks.hover[0] == p:
            ghost = art.glass_button(d).copy()
            ghost.set_alpha(150)
            surface.blit(ghost, g.cell_rect(marks.hover[1], marks.hover[2]).move(off, off))
        if marks.advice and marks.advice[0] == p:
            rect = g.cell_rect(marks.advice[1], marks.advice[2])
            surface.blit(art.ring(cell, "good", 0.12), rect)
        if marks.cursor and marks.cursor[0] == p:
            rect = g.cell_rect(marks.cursor[1], marks.cursor[2]).inflate(-2, -2)
            pygame.draw.rect(
                surface, art.colour("accent"), rect, width=max(3, cell // 14), border_radius=6
            )
        if marks.flash and marks.flash[0] == p:
            rect = g.cell_rect(marks.flash[1], marks.flash[2])
            pygame.draw.line(
                surface, art.colour("bad"), rect.topleft, rect.bottomright, max(3, cell // 12)
            )
            pygame.draw.line(
                surface, art.colour("bad"), rect.topright, rect.bottomleft, max(3, cell // 12)
            )

    def _draw_header(
        self,
        surface: pygame.Surface,
        state: GameState,
        g: BoardGeometry,
        name: str,
        marks: Marks,
        active: bool,
    ) -> None:
        p = g.seat
        h = g.header
        line_h = h.height // 2
        size = max(14, int(line_h * 0.58))
        # line 1: name, stars, cards
        cards = state.cards(p)
        card_w = int(line_h * 0.62)
        cards_w = len(cards) * (card_w + 6)
        star_img = art.star(int(line_h * 0.8))
        count = art.text(str(state.star_count(p)), size, "text", True)
        name_w = h.width - cards_w - star_img.get_width() - count.get_width() - 16
        label = art.text(fit(name, size, name_w, True), size, "accent" if active else "text", True)
        surface.blit(label, (h.left, h.top + (line_h - label.get_height()) // 2))
        x = h.left + label.get_width() + 10
        surface.blit(star_img, (x, h.top + (line_h - star_img.get_height()) // 2))
        surface.blit(
            count, (x + star_img.get_width() + 2, h.top + (line_h - count.get_height()) // 2)
        )
        x = h.right - cards_w
        for colour_name in cards:
            card = pygame.Rect(x, h.top + 3, card_w, line_h - 6)
            pygame.draw.rect(surface, (245, 240, 228), card, border_radius=4)
            pygame.draw.rect(
                surface, art.colour(colour_name), card.inflate(-4, -4), border_radius=3
            )
            dot = art.printed_button(colour_name, int(card_w * 0.8))
            surface.blit(dot, dot.get_rect(center=card.center))
            x += card_w + 6
        # line 2: depot, status
        depot = g.depot
        pygame.draw.rect(surface, (18, 22, 30), depot, border_radius=6)
        pygame.draw.rect(surface, art.colour("panel_border"), depot, width=1, border_radius=6)
        dd = depot.height - 6
        n = state.depot(p)
        if n:
            for i in range(n):
                surface.blit(
                    art.die("plain", 6 - i, dd), (depot.left + 3 + i * (dd + 3), depot.top + 3)
                )
        else:
            tag = art.text(t("game.depot"), max(10, int(size * 0.7)), "text_dim")
            surface.blit(tag, tag.get_rect(center=depot.center))
        status = state.status(p)
        chip = art.text(t(f"status.{status.value}"), max(12, int(size * 0.8)), STATUS_TINT[status])
        surface.blit(chip, (depot.right + 8, depot.centery - chip.get_height() // 2))
        if p in marks.pending and state.phase.value == "stars":
            due = art.text(f"+{state.stars_due(p)}", size, "star", True)
            surface.blit(
                due, (depot.right + 16 + chip.get_width(), depot.centery - due.get_height() // 2)
            )


def mini_layout(layout: str, size: int) -> pygame.Surface:
    """A small preview of a layout for the set-up screen."""
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(s, art.colour("board"), s.get_rect(), border_radius=max(2, size // 16))
    cell = size / 6.4
    d = max(3, int(cell * 0.9))
    for r in range(6):
        for c in range(6):
            colour_name = LAYOUTS[layout][r][c]
            x = int(size * 0.03 + c * cell + (cell - d) / 2)
            y = int(size * 0.03 + r * cell + (cell - d) / 2)
            pygame.draw.aacircle(s, art.colour(colour_name), (x + d // 2, y + d // 2), d // 2)
            if art.show_symbols and d >= 16:
                shape = art.SYMBOLS[colour_name]
                art.draw_symbol(s, shape, x + d / 2, y + d / 2, d * 0.3, (255, 255, 255))
    return s


__all__ = ["COLOURS", "BoardGeometry", "Marks", "TableView", "layout_boards", "mini_layout"]
