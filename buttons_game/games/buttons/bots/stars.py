"""Star placement planning: toward five in a line and twelve stars, minding blocked rows.

Stars stay forever: they are the score, a line of five wins outright, and every
star also blocks its space for buttons. ``board_value`` weighs the three; the hard
bot places its earned stars to maximise it and steers its buttons toward
``target_line``.
"""

from __future__ import annotations

from itertools import combinations

from ..engine.board import LINES_OF_FIVE

LINE_VALUE = (0.0, 0.0, 0.5, 1.5, 3.5, 12.0)
"""Worth, in stars, of the longest line holding 0-5 stars (five in a line wins the game)."""
ROW_MASKS = tuple(0b111111 << (6 * r) for r in range(6))
BLOCK_WEIGHT = 3.0
"""Stars' worth of a fully blocked row: the white die then busts the roll 1 time in 6."""
_BLOCK = tuple(BLOCK_WEIGHT * (j / 6) ** 3 for j in range(7))
_VERTICAL = tuple(i % 2 == 1 for i in range(len(LINES_OF_FIVE)))


def line_counts(stars: int) -> list[int]:
    """Stars in each of the 24 lines of five (rows and columns, two windows each)."""
    return [(stars & line).bit_count() for line in LINES_OF_FIVE]


def blocking(stars: int) -> float:
    """How much the stars hurt future rounds by crowding rows (more bust rolls)."""
    return sum(_BLOCK[(stars & row).bit_count()] for row in ROW_MASKS)


def board_value(stars: int) -> float:
    """Stars, plus the longest line's promise, minus crowded rows."""
    best = max(line_counts(stars))
    return stars.bit_count() + LINE_VALUE[best] - blocking(stars)


def target_line(stars: int) -> int:
    """The line of five to build toward: most stars, then least crowding (columns first)."""
    best = 0
    best_key: tuple[int, float, bool] | None = None
    for line, vertical in zip(LINES_OF_FIVE, _VERTICAL):
        key = ((stars & line).bit_count(), -blocking(stars | line), vertical)
        if best_key is None or key > best_key:
            best, best_key = line, key
    return best


def plan_stars(buttons: int, stars: int, count: int, limit: int = 600) -> int:
    """The ``count`` button spaces (a mask) that make the best star board.

    Every subset when there are at most ``limit`` of them, else one star at a time.
    """
    spaces = [1 << i for i in range(36) if buttons >> i & 1]
    count = min(count, len(spaces))
    if count <= 0:
        return 0
    if _choose(len(spaces), count) <= limit:
        best_mask = 0
        best = float("-inf")
        for chosen in combinations(spaces, count):
            mask = sum(chosen)
            value = board_value(stars | mask)
            if value > best:
                best, best_mask = value, mask
        return best_mask
    chosen_mask = 0
    for _ in range(count):
        pick = max(
            (s for s in spaces if not s & chosen_mask),
            key=lambda s: board_value(stars | chosen_mask | s),
        )
        chosen_mask |= pick
    return chosen_mask


def _choose(n: int, k: int) -> int:
    result = 1
    for i in range(k):
        result = result * (n - i) // (i + 1)
    return result
