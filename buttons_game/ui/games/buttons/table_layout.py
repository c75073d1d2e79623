"""Where the seats' panels, the header and the side panel go: the arrangement with the
largest boards for a window size and a seat count; and where the side panel's parts go,
in a column at the right or in the strip under the boards.

A pure function of its arguments (no frame is drawn): the table and the game-over
screen both ask it, and the tests check its geometry at every window size.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from .board_geometry import BoardGeometry, board_in, fit_cell, panel_size

SHAPES = {  # (columns, rows) tried for each seat count, the first kept on a tie
    1: ((1, 1),),
    2: ((2, 1), (1, 2)),
    3: ((3, 1), (2, 2), (1, 3)),
    4: ((2, 2), (4, 1), (1, 4)),
}


@dataclass(frozen=True)
class Arrangement:
    """The boards' panels (each in its seat's rectangle), the header above them and the
    side panel: at the window's right, or a strip along its foot (``below``)."""

    header: pygame.Rect
    seats: list[pygame.Rect]  # the rectangle each seat is given; its panel in the middle
    boards: list[BoardGeometry]
    side: pygame.Rect
    shape: tuple[int, int]  # columns, rows
    below: bool = False  # the side panel is a strip under the boards, the window's width

    @property
    def board_area(self) -> pygame.Rect:
        """All the seats' rectangles together."""
        return self.seats[0].unionall(self.seats[1:])


def arrange(
    size: tuple[int, int],
    players: int,
    scale: float,
    *,
    header: int,
    side_min: int,
    side_max: int,
    top: int = 0,
    final: bool = False,
    strip: tuple[int, int] | None = None,
    strip_top: int | None = None,
) -> Arrangement:
    """The largest boards: each arrangement of the seats (a row, 2x2, a column; the
    information above or beside each board) is tried with the narrowest side panel at the
    right, and with ``strip`` (its least and greatest height), with the side panel as a strip
    along the window's foot; on a tie the side panel stays at the right. The side panel then
    takes the room the boards leave, up to ``side_max`` wide (or ``strip[1]`` tall). The
    header (``header`` pixels tall) stands right above the boards, and both in the middle of
    the room below ``top`` beside (or above) the side panel. ``final``: a finished game's
    boards (no tally, no Place / Skip); ``strip_top``: the room's top when the side panel
    is a strip (the game-over screen's headline goes into its strip), else ``top``."""
    w, h = size
    low = top if strip_top is None else strip_top
    pad = max(4, int(round(8 * scale)))
    rooms = [(False, w - 3 * pad - side_min, h - top - 2 * pad - header)]
    if strip is not None:
        rooms.append((True, w - 2 * pad, h - low - 3 * pad - header - strip[0]))
    best: tuple[int, tuple[int, int], bool, bool] = (0, SHAPES[players][0], False, False)
    for below, across, down in rooms:
        for cols, rows in SHAPES[players]:
            slot_w = (across - pad * (cols - 1)) // cols
            slot_h = (down - pad * (rows - 1)) // rows
            for beside in (False, True):
                cell = fit_cell(slot_w, slot_h, scale, beside, final)
                if cell > best[0]:
                    best = (cell, (cols, rows), beside, below)
    cell, (cols, rows), beside, below = best
    cell = max(1, cell)
    pw, ph = panel_size(cell, scale, beside, final)
    boards_w = cols * pw + (cols - 1) * pad
    boards_h = rows * ph + (rows - 1) * pad
    if below:
        assert strip is not None
        top = low
        strip_h = max(strip[0], min(strip[1], h - top - 3 * pad - header - boards_h))
        side = pygame.Rect(pad, h - pad - strip_h, w - 2 * pad, strip_h)
        left = pad + max(0, w - 2 * pad - boards_w) // 2
        down = side.top - pad - top - pad - header
    else:
        side_w = max(side_min, min(side_max, w - 3 * pad - boards_w))
        side = pygame.Rect(w - pad - side_w, top + pad, side_w, h - top - 2 * pad)
        left = pad + max(0, side.left - pad - pad - boards_w) // 2
        down = h - top - 2 * pad - header
    y = top + pad + max(0, down - boards_h) // 2
    head = pygame.Rect(left, y, boards_w, header)
    seats, boards = [], []
    for p in range(players):
        r, c = divmod(p, cols)
        in_row = min(cols, players - r * cols)  # a last row with fewer seats: in the middle
        x = left + (cols - in_row) * (pw + pad) // 2 + c * (pw + pad)
        seat = pygame.Rect(x, head.bottom + r * (ph + pad), pw, ph)
        seats.append(seat)
        boards.append(board_in(seat.copy(), p, scale, cell, beside, final))
    return Arrangement(head, seats, boards, side, (cols, rows), below)


STRIP_DICE, STRIP_BUTTONS, STRIP_KEYS = 170, 180, 290  # the strip's fixed columns' widths

Parts = tuple[
    list[pygame.Rect], pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect
]  # the dice in hand, Roll, Opt out, the prompt, the log, the keys


def column_parts(side: pygame.Rect, px: Callable[[float], int]) -> Parts:
    """The side panel at the right, from the top: the dice in hand, Roll, Opt out, the
    prompt and the log; the keys at its foot."""
    inner = side.inflate(-2 * px(10), -2 * px(10))
    d = min(px(58), int(inner.width / 4.3))
    y = inner.top + px(28)
    dice = [
        pygame.Rect(inner.left + (i % 3) * int(d * 1.35), y + (i // 3) * (d + px(8)), d, d)
        for i in range(6)
    ]
    y += 2 * (d + px(8)) + px(4)
    roll = pygame.Rect(inner.left, y, inner.width, px(46))
    y += px(46) + px(8)
    opt_out = pygame.Rect(inner.left, y, inner.width, px(40))
    y += px(52)
    keys = inner.copy()
    prompt_room = pygame.Rect(inner.left, y, inner.width, px(76))
    log = pygame.Rect(inner.left, y, inner.width, keys.bottom - y)  # prompt, hint and log
    return dice, roll, opt_out, prompt_room, log, keys


def strip_parts(side: pygame.Rect, px: Callable[[float], int]) -> Parts:
    """The side panel as a strip under the boards, in columns from the left: the dice in
    hand | Roll and Opt out | the prompt and the bot's move | the log | the keys."""
    inner = side.inflate(-2 * px(10), -2 * px(10))
    gap = px(16)
    d = min(px(58), (inner.height - px(24) - px(6)) // 2)
    step = int(d * 1.3)
    dice = [
        pygame.Rect(inner.left + (i % 3) * step, inner.top + px(24) + (i // 3) * (d + px(6)), d, d)
        for i in range(6)
    ]
    x = inner.left + max(px(STRIP_DICE), 2 * step + d) + gap
    buttons = px(STRIP_BUTTONS)
    y = inner.top + max(0, inner.height - px(94)) // 2
    roll = pygame.Rect(x, y, buttons, px(46))
    opt_out = pygame.Rect(x, roll.bottom + px(8), buttons, px(40))
    x += buttons + gap
    keys = pygame.Rect(inner.right - px(STRIP_KEYS), inner.top, px(STRIP_KEYS), inner.height)
    words = keys.left - gap - x  # the prompt's and the log's columns
    prompt_room = pygame.Rect(x, inner.top, words * 9 // 20, inner.height)
    left = prompt_room.right + gap
    log = pygame.Rect(left, inner.top, keys.left - gap - left, inner.height)
    return dice, roll, opt_out, prompt_room, log, keys


__all__ = ["SHAPES", "Arrangement", "arrange", "column_parts", "strip_parts"]
