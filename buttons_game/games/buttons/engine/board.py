"""The 6x6 board as 36-bit masks: spaces, neighbours, lines and the eight layouts.

Space (row, col), both numbered 1-6 as the dice show them, is bit
``(row - 1) * 6 + (col - 1)``. Masks keep the placing rule checks to a few
integer operations, which the bots and the random-game tests depend on.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from types import MappingProxyType

from buttons_game.core.resources import read_json

COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue")
LAYOUT_NAMES: tuple[str, ...] = ("1A", "1B", "2A", "2B", "3A", "3B", "4A", "4B")
SIZE = 6
FULL = (1 << 36) - 1
ROW_MASKS = tuple(0b111111 << (6 * r) for r in range(6))
_COL1 = sum(1 << (6 * r) for r in range(6))
_COL6 = _COL1 << 5


def bit(row: int, col: int) -> int:
    return 1 << ((row - 1) * 6 + (col - 1))


def spread(mask: int) -> int:
    """The spaces orthogonally next to any space of ``mask``."""
    return (((mask << 1) & ~_COL1) | ((mask >> 1) & ~_COL6) | (mask << 6) | (mask >> 6)) & FULL


def legal_mask(buttons: int, stars: int) -> int:
    """Spaces where a button may go: empty, no star, no button orthogonally next to it."""
    return FULL & ~(buttons | stars | spread(buttons))


def spaces(mask: int) -> frozenset[tuple[int, int]]:
    return frozenset(iter_spaces(mask))


def iter_spaces(mask: int) -> Iterator[tuple[int, int]]:
    while mask:
        low = mask & -mask
        i = low.bit_length() - 1
        yield (i // 6 + 1, i % 6 + 1)
        mask ^= low


def mask_of(cells: object) -> int:
    """The mask of an iterable of (row, col) pairs."""
    m = 0
    for row, col in cells:  # type: ignore[attr-defined]
        m |= bit(row, col)
    return m


def _lines_of_five() -> tuple[int, ...]:
    lines = []
    for r in range(1, 7):
        for start in (1, 2):
            lines.append(sum(bit(r, c) for c in range(start, start + 5)))
            lines.append(sum(bit(c, r) for c in range(start, start + 5)))
    return tuple(lines)


LINES_OF_FIVE: tuple[int, ...] = _lines_of_five()


def has_five_in_line(stars: int) -> bool:
    """Five stars in an unbroken horizontal or vertical line (diagonals do not count)."""
    for line in LINES_OF_FIVE:
        if stars & line == line:
            return True
    return False


def five_in_line_mask(stars: int) -> int:
    """The spaces of every full line of five in ``stars`` (six in a row gives all six)."""
    found = 0
    for line in LINES_OF_FIVE:
        if stars & line == line:
            found |= line
    return found


def five_in_line_spaces(stars: int) -> frozenset[tuple[int, int]]:
    """``five_in_line_mask`` as (row, col) spaces, for highlighting a winning line."""
    return spaces(five_in_line_mask(stars))


def _load_layouts() -> Mapping[str, tuple[tuple[str, ...], ...]]:
    data = read_json("layouts.json")
    layouts = {name: tuple(tuple(row) for row in data["layouts"][name]) for name in LAYOUT_NAMES}
    return MappingProxyType(layouts)


LAYOUTS: Mapping[str, tuple[tuple[str, ...], ...]] = _load_layouts()
"""Layout name -> 6 rows of 6 colour names; ``LAYOUTS["1A"][row - 1][col - 1]``."""


def _colour_masks(grid: tuple[tuple[str, ...], ...]) -> tuple[int, ...]:
    return tuple(
        sum(bit(r + 1, c + 1) for r in range(6) for c in range(6) if grid[r][c] == colour)
        for colour in COLOURS
    )


COLOUR_MASKS: Mapping[str, tuple[int, ...]] = MappingProxyType(
    {name: _colour_masks(grid) for name, grid in LAYOUTS.items()}
)
"""Layout name -> one mask per colour, in the order of ``COLOURS``."""
