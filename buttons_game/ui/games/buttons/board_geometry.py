"""Where each seat's board and its parts sit on screen, and which space a point hits.

``layout_boards`` places every part of a board (name, stars, cards, depot,
status, this round's tally, Place/Skip) in explicit rectangles, in the
larger of two arrangements: the information above the board or beside it.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

Space = tuple[int, int, int]  # seat, row, col


@dataclass
class BoardGeometry:
    """Every rectangle of one seat's board panel."""

    seat: int
    panel: pygame.Rect
    grid: pygame.Rect
    cell: int
    label: int
    text: int  # the size of the header's text
    name: pygame.Rect
    stars: pygame.Rect
    cards: list[pygame.Rect]
    depot: pygame.Rect
    status: pygame.Rect
    tally: list[pygame.Rect]  # one per colour, in the order of COLOURS
    actions: pygame.Rect  # room for the Place / Skip buttons
    beside: bool  # the information stands beside the board (wide panels), not above it

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

    def card_rects(self, held: int) -> list[pygame.Rect]:
        """Where the seat's ``held`` button cards lie (right-aligned)."""
        return self.cards[len(self.cards) - held :]

    def action_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        """Place and Skip: side by side, or one above the other in a narrow column."""
        a = self.actions
        gap = max(4, a.height // 8)
        if a.width >= 2.6 * a.height:
            w = (a.width - gap) // 2
            return pygame.Rect(a.left, a.top, w, a.height), pygame.Rect(
                a.left + w + gap, a.top, a.width - w - gap, a.height
            )
        h = (a.height - gap) // 2
        return pygame.Rect(a.left, a.top, a.width, h), pygame.Rect(
            a.left, a.top + h + gap, a.width, a.height - h - gap
        )


def layout_boards(
    area: pygame.Rect, players: int, scale: float, gap: int = 10
) -> list[BoardGeometry]:
    """Boards 2x2 for four seats, side by side for two or three; each fills its panel."""
    cols, rows = (2, 2) if players == 4 else (players, 1)
    pw = (area.width - gap * (cols - 1)) // cols
    ph = (area.height - gap * (rows - 1)) // rows
    result = []
    for p in range(players):
        r, c = divmod(p, cols)
        panel = pygame.Rect(area.left + c * (pw + gap), area.top + r * (ph + gap), pw, ph)
        result.append(board_in(panel, p, scale))
    return result


LABEL_SHARE = 0.62  # the dice labels beside and above the grid, in cells


def board_in(panel: pygame.Rect, seat: int, scale: float) -> BoardGeometry:
    """The larger board of two arrangements: information above the board, or beside it."""
    pad = max(6, int(8 * scale))
    inner = panel.inflate(-2 * pad, -2 * pad)
    line = int(27 * scale)
    strip = int(38 * scale)
    side_w = int(156 * scale)
    span = 6 + LABEL_SHARE
    above = min(inner.width / span, (inner.height - 3 * line - strip - pad) / span)
    beside = min((inner.width - side_w - pad) / span, inner.height / span)
    if beside > above:
        return _beside(panel, inner, seat, scale, int(beside), side_w, pad)
    return _above(panel, inner, seat, scale, int(above), line, strip, pad)


def _grid_at(left: int, top: int, cell: int) -> tuple[pygame.Rect, int]:
    label = int(cell * LABEL_SHARE)
    return pygame.Rect(left + label, top + label, 6 * cell, 6 * cell), label


def _above(panel, inner, seat, scale, cell, line, strip, pad) -> BoardGeometry:  # type: ignore[no-untyped-def]
    board_w = int(cell * (6 + LABEL_SHARE))
    block = 3 * line + pad + board_w + pad + strip  # information, board, Place / Skip
    inner = inner.copy()
    inner.top += max(0, (inner.height - block) // 2)
    inner.height = min(inner.height, block)
    grid, label = _grid_at(inner.centerx - board_w // 2, inner.top + 3 * line + pad, cell)
    text = max(13, int(line * 0.62))
    card_w = int(line * 0.7)
    cards = [
        pygame.Rect(inner.right - (i + 1) * (card_w + 6) + 6, inner.top + 3, card_w, line - 6)
        for i in range(2)
    ][::-1]
    stars = pygame.Rect(inner.right - 2 * (card_w + 6) - int(70 * scale), inner.top, 64, line)
    name = pygame.Rect(inner.left, inner.top, stars.left - inner.left - 6, line)
    depot = pygame.Rect(inner.left, inner.top + line + 2, int(line * 2.6), line - 4)
    status = pygame.Rect(depot.right + 8, depot.top, inner.right - depot.right - 8, depot.height)
    tally = _tally_row(inner.left, inner.top + 2 * line + 2, inner.width, line - 4)
    actions = pygame.Rect(
        inner.left + inner.width // 6,
        min(inner.bottom - strip, grid.bottom + pad),
        inner.width * 2 // 3,
        strip,
    )
    return BoardGeometry(seat, panel, grid, cell, label, text, name, stars, cards, depot,
                         status, tally, actions, False)  # fmt: skip


def _beside(panel, inner, seat, scale, cell, side_w, pad) -> BoardGeometry:  # type: ignore[no-untyped-def]
    board_w = int(cell * (6 + LABEL_SHARE))
    left = inner.left + side_w + pad + (inner.width - side_w - pad - board_w) // 2
    grid, label = _grid_at(left, inner.top + (inner.height - board_w) // 2, cell)
    line = int(26 * scale)
    text = max(13, int(line * 0.64))
    x, y, w = inner.left, inner.top, side_w
    name = pygame.Rect(x, y, w, line)
    y += line + 2
    card_w = int(line * 0.7)
    cards = [
        pygame.Rect(x + w - (2 - i) * (card_w + 6) + 6, y + 2, card_w, line - 4) for i in range(2)
    ]
    stars = pygame.Rect(x, y, w - 2 * (card_w + 6), line)
    y += line + 4
    depot = pygame.Rect(x, y, int(line * 2.6), line - 2)
    y += line + 2
    status = pygame.Rect(x, y, w, line - 4)
    y += line
    half = w // 2
    tally = [
        pygame.Rect(x + (i % 2) * half, y + (i // 2) * (line - 2), half, line - 4) for i in range(4)
    ]
    strip = int(76 * scale)
    actions = pygame.Rect(x, inner.bottom - strip, w, strip)
    return BoardGeometry(seat, panel, grid, cell, label, text, name, stars, cards, depot,
                         status, tally, actions, True)  # fmt: skip


def _tally_row(left: int, top: int, width: int, height: int) -> list[pygame.Rect]:
    w = min(width // 4, int(height * 3.2))
    return [pygame.Rect(left + i * w, top, w, height) for i in range(4)]
