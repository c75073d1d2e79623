"""Where each seat's board and its parts sit on screen, and which space a point hits.

``layout_boards`` places every part of a board (name, stars, cards, depot,
status, this round's tally, Place/Skip) in explicit rectangles, in the
larger of two arrangements: the information above the board or beside it. The
wooden board stands in the middle of its room (its dice labels inside the room on
its left, as much room on its right), and a panel is no taller than what it holds.
"""

from __future__ import annotations

from collections.abc import Callable
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
    """Boards 2x2 for four seats, side by side for two or three. Each panel is only as tall
    as its board and information need (no empty band above the names), and the panels
    stand together in the middle of ``area``."""
    cols, rows = (2, 2) if players == 4 else (players, 1)
    pw = (area.width - gap * (cols - 1)) // cols
    ph = (area.height - gap * (rows - 1)) // rows
    ph = min(ph, needed_height(pw, ph, scale))
    top = area.top + (area.height - rows * ph - gap * (rows - 1)) // 2
    result = []
    for p in range(players):
        r, c = divmod(p, cols)
        panel = pygame.Rect(area.left + c * (pw + gap), top + r * (ph + gap), pw, ph)
        result.append(board_in(panel, p, scale))
    return result


LABEL_SHARE = 0.62  # the dice labels beside and above the grid, in cells
EDGE = 4  # the wooden board reaches this far beyond its spaces (``BoardView.static_board``)
SHADOW = 3  # and its shadow this much further right and down


@dataclass(frozen=True)
class _Sizes:
    """The fixed sizes of a panel's parts at one scale."""

    pad: int
    line: int  # a line of the information above the board
    strip: int  # Place / Skip under the board
    side_w: int  # the information beside the board
    side_line: int
    side_strip: int  # Place / Skip at the foot of the information beside the board

    @classmethod
    def at(cls, scale: float) -> _Sizes:
        return cls(
            pad=max(6, int(8 * scale)),
            line=int(27 * scale),
            strip=int(38 * scale),
            side_w=int(156 * scale),
            side_line=int(26 * scale),
            side_strip=int(76 * scale),
        )

    def above_rest(self) -> int:
        """The height of a panel with the information above, besides its labels and grid."""
        return 3 * self.pad + 3 * self.line + EDGE + SHADOW + self.gap_under + self.strip

    @property
    def gap_under(self) -> int:
        return max(2, self.pad // 2)

    def beside_info(self) -> int:
        """The height of the information beside the board, Place / Skip included."""
        return 2 * self.pad + 6 * self.side_line + 4 + self.pad + self.side_strip


def _label(cell: int) -> int:
    return int(cell * LABEL_SHARE)


def _cells(width: float, height: float, scale: float) -> tuple[int, int]:
    """The cell of each arrangement in a panel of this size: (above, beside).

    The wooden board stands in the middle of the room it has, so the row labels on its
    left are matched by as much room on its right: six cells and two labels across.
    """
    k = _Sizes.at(scale)
    room = width - k.pad - k.side_w  # beside: from the information to the panel's edge
    above = min(
        _largest(lambda c: 6 * c + 2 * _label(c) <= width - 2 * k.pad),
        _largest(lambda c: 6 * c + _label(c) <= height - k.above_rest()),
    )
    beside = min(
        _largest(lambda c: 6 * c + 2 * _label(c) <= room - 2 * k.pad),
        _largest(lambda c: 6 * c + _label(c) <= height - 2 * k.pad - EDGE - SHADOW),
    )
    return above, beside


def _largest(fits: Callable[[int], bool]) -> int:
    """The largest cell (at least 1) for which ``fits`` holds (it holds for all smaller)."""
    low, high = 1, 4096
    while low < high:
        mid = (low + high + 1) // 2
        if fits(mid):
            low = mid
        else:
            high = mid - 1
    return low


def needed_height(width: int, height: int, scale: float) -> int:
    """How tall a panel of at most ``width`` x ``height`` needs to be for its board."""
    k = _Sizes.at(scale)
    above, beside = _cells(width, height, scale)
    if beside > above:
        board = 2 * k.pad + _label(beside) + 6 * beside + EDGE + SHADOW
        return max(board, k.beside_info())
    return k.above_rest() + _label(above) + 6 * above


def board_in(panel: pygame.Rect, seat: int, scale: float) -> BoardGeometry:
    """The larger board of two arrangements: information above the board, or beside it."""
    k = _Sizes.at(scale)
    above, beside = _cells(panel.width, panel.height, scale)
    if beside > above:
        return _beside(panel, seat, scale, beside, k)
    return _above(panel, seat, scale, above, k)


def _grid_centred(centre_x: int, top: int, cell: int) -> tuple[pygame.Rect, int]:
    """The grid whose wooden board is centred on ``centre_x``, its column labels from ``top``."""
    label = _label(cell)
    left = centre_x - 3 * cell
    return pygame.Rect(left, top + label, 6 * cell, 6 * cell), label


def _above(panel: pygame.Rect, seat: int, scale: float, cell: int, k: _Sizes) -> BoardGeometry:
    inner = panel.inflate(-2 * k.pad, -2 * k.pad)
    line = k.line
    grid, label = _grid_centred(panel.centerx, inner.top + 3 * line + k.pad, cell)
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
        min(inner.bottom - k.strip, grid.bottom + EDGE + SHADOW + k.gap_under),
        inner.width * 2 // 3,
        k.strip,
    )
    return BoardGeometry(seat, panel, grid, cell, label, text, name, stars, cards, depot,
                         status, tally, actions, False)  # fmt: skip


def _beside(panel: pygame.Rect, seat: int, scale: float, cell: int, k: _Sizes) -> BoardGeometry:
    inner = panel.inflate(-2 * k.pad, -2 * k.pad)
    x, y, w = inner.left, inner.top, k.side_w
    label = _label(cell)
    block = label + 6 * cell + EDGE + SHADOW  # labels, board and its shadow, top to bottom
    room = pygame.Rect(x + w, panel.top, panel.right - x - w, panel.height)
    grid, _ = _grid_centred(room.centerx, panel.top + (panel.height - block) // 2, cell)
    line = k.side_line
    text = max(13, int(line * 0.64))
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
    actions = pygame.Rect(x, inner.bottom - k.side_strip, w, k.side_strip)
    return BoardGeometry(seat, panel, grid, cell, label, text, name, stars, cards, depot,
                         status, tally, actions, True)  # fmt: skip


def _tally_row(left: int, top: int, width: int, height: int) -> list[pygame.Rect]:
    w = min(width // 4, int(height * 3.2))
    return [pygame.Rect(left + i * w, top, w, height) for i in range(4)]
