"""Where each seat's board and its parts sit on screen, and which space a point hits.

``board_in`` places every part of a seat's panel (name, stars, cards, depot,
status, this round's tally, Place/Skip) in explicit rectangles, with the
information above the board or beside it. The board as drawn (its dice labels,
the wooden board and its shadow) stands in the middle of its room, and a panel is
no larger than what it holds (``panel_size``); ``table_layout`` chooses the cell.
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
    room: pygame.Rect  # the panel's room for the board: the board stands in its middle

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


LABEL_SHARE = 0.62  # the dice labels beside and above the grid, in cells
EDGE = 4  # the wooden board reaches this far beyond its spaces (``BoardView.static_board``)
SHADOW = 3  # and its shadow this much further right and down


def block(cell: int) -> int:
    """The board as drawn, across and down: the dice labels, six spaces, edge and shadow."""
    return _label(cell) + 6 * cell + EDGE + SHADOW


def board_rect(g: BoardGeometry) -> pygame.Rect:
    """The board as drawn: from its dice labels to the wooden board's shadow."""
    return pygame.Rect(g.grid.left - g.label, g.grid.top - g.label, block(g.cell), block(g.cell))


@dataclass(frozen=True)
class _Sizes:
    """The fixed sizes of a panel's parts at one scale."""

    pad: int
    line: int  # a line of the information above the board
    strip: int  # Place / Skip under the board
    side_w: int  # the information beside the board
    side_line: int
    side_strip: int  # Place / Skip at the foot of the information beside the board
    above_w: int  # the narrowest panel with the information above the board
    lines: int  # the lines of information above the board: the tally's only in play

    @classmethod
    def at(cls, scale: float, final: bool = False) -> _Sizes:
        """The sizes in play, or on the final boards (no tally, no Place / Skip)."""
        return cls(
            pad=max(6, int(8 * scale)),
            line=int(27 * scale),
            strip=0 if final else int(38 * scale),
            side_w=int(156 * scale),
            side_line=int(26 * scale),
            side_strip=0 if final else int(76 * scale),
            above_w=int(236 * scale),
            lines=2 if final else 3,
        )

    @property
    def gap_under(self) -> int:
        return max(2, self.pad // 2)

    def above_rest(self) -> int:
        """The height of a panel with the information above, besides its board."""
        return 3 * self.pad + self.lines * self.line + self.gap_under + self.strip

    def beside_info(self) -> int:
        """The height of the information beside the board, Place / Skip included."""
        return 2 * self.pad + 6 * self.side_line + 4 + self.pad + self.side_strip


def _label(cell: int) -> int:
    return int(cell * LABEL_SHARE)


def fit_cell(width: int, height: int, scale: float, beside: bool, final: bool = False) -> int:
    """The largest cell of a board whose panel fits ``width`` x ``height`` with the
    information above the board or beside it (0: it does not fit at all)."""
    k = _Sizes.at(scale, final)
    if beside:
        across = width - 3 * k.pad - k.side_w
        down = height - 2 * k.pad
        if height < k.beside_info():
            return 0
    else:
        across = width - 2 * k.pad
        down = height - k.above_rest()
        if width < k.above_w:
            return 0
    room = min(across, down)
    if block(1) > room:
        return 0
    return _largest(lambda c: block(c) <= room)


def panel_size(cell: int, scale: float, beside: bool, final: bool = False) -> tuple[int, int]:
    """The size of a panel that holds a board of ``cell`` and its information, no larger."""
    k = _Sizes.at(scale, final)
    if beside:
        return 3 * k.pad + k.side_w + block(cell), max(2 * k.pad + block(cell), k.beside_info())
    return max(k.above_w, 2 * k.pad + block(cell)), k.above_rest() + block(cell)


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


def board_in(
    panel: pygame.Rect, seat: int, scale: float, cell: int, beside: bool, final: bool = False
) -> BoardGeometry:
    """Every part of a seat's panel, its board of ``cell`` in the middle of its room
    (``final``: a finished game's board, without the tally and Place / Skip)."""
    k = _Sizes.at(scale, final)
    if beside:
        return _beside(panel, seat, cell, k)
    return _above(panel, seat, scale, cell, k)


def _grid_in(room: pygame.Rect, cell: int) -> tuple[pygame.Rect, int]:
    """The grid whose board as drawn (labels to shadow) stands in the middle of ``room``."""
    label = _label(cell)
    size = block(cell)
    left = room.left + (room.width - size) // 2 + label
    top = room.top + (room.height - size) // 2 + label
    return pygame.Rect(left, top, 6 * cell, 6 * cell), label


def _above(panel: pygame.Rect, seat: int, scale: float, cell: int, k: _Sizes) -> BoardGeometry:
    inner = panel.inflate(-2 * k.pad, -2 * k.pad)
    line = k.line
    room = pygame.Rect(inner.left, inner.top + k.lines * line + k.pad, inner.width, block(cell))
    grid, label = _grid_in(room, cell)
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
    if k.lines < 3:  # no tally: its rectangles empty, under the information
        tally = [pygame.Rect(r.left, inner.top + 2 * line, r.width, 0) for r in tally]
    actions = pygame.Rect(
        inner.left + inner.width // 6, room.bottom + k.gap_under, inner.width * 2 // 3, k.strip
    )
    return BoardGeometry(seat, panel, grid, cell, label, text, name, stars, cards, depot,
                         status, tally, actions, False, room)  # fmt: skip


def _beside(panel: pygame.Rect, seat: int, cell: int, k: _Sizes) -> BoardGeometry:
    inner = panel.inflate(-2 * k.pad, -2 * k.pad)
    x, y, w = inner.left, inner.top, k.side_w
    room = pygame.Rect(x + w + k.pad, inner.top, inner.right - x - w - k.pad, inner.height)
    grid, label = _grid_in(room, cell)
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
                         status, tally, actions, True, room)  # fmt: skip


def _tally_row(left: int, top: int, width: int, height: int) -> list[pygame.Rect]:
    w = min(width // 4, int(height * 3.2))
    return [pygame.Rect(left + i * w, top, w, height) for i in range(4)]
