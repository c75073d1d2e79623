"""The 10x10 board of button holes: squares as indices, rays, neighbours and the start ring.

Square (row, col), both 1-10, is index ``(row - 1) * 10 + (col - 1)``; a set of
squares is a 100-bit mask, so occupancy and groups are a few integer operations.
"""

from __future__ import annotations

from buttons_game.core.resources import read_json

SIZE = 10
SQUARES = SIZE * SIZE
DIRECTIONS: tuple[tuple[int, int], ...] = (
    (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1),
)  # fmt: skip
# A pair's line, taken once: east, south-east, south, south-west (their opposites are 4 on).
FORWARD = (0, 1, 2, 3)
PIECES_PER_SIDE = 14

Square = tuple[int, int]  # (row, col), 1-based


def index(row: int, col: int) -> int:
    return (row - 1) * SIZE + (col - 1)


def square(i: int) -> Square:
    return (i // SIZE + 1, i % SIZE + 1)


def on_board(row: object, col: object) -> bool:
    return type(row) is int and type(col) is int and 1 <= row <= SIZE and 1 <= col <= SIZE


def _ray(i: int, d: int) -> tuple[int, ...]:
    dr, dc = DIRECTIONS[d]
    r, c = divmod(i, SIZE)
    out: list[int] = []
    while True:
        r, c = r + dr, c + dc
        if not (0 <= r < SIZE and 0 <= c < SIZE):
            return tuple(out)
        out.append(r * SIZE + c)


RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_ray(i, d) for d in range(8)) for i in range(SQUARES)
)
"""RAYS[i][d]: the squares from i outward in direction d, nearest first, to the edge."""

NEIGHBOURS: tuple[int, ...] = tuple(
    sum(1 << ray[0] for ray in RAYS[i] if ray) for i in range(SQUARES)
)
"""NEIGHBOURS[i]: the mask of the (up to 8) squares sharing an edge or a corner with i."""


def mask_of(squares: object) -> int:
    m = 0
    for row, col in squares:  # type: ignore[attr-defined]
        m |= 1 << index(row, col)
    return m


def squares_of(mask: int) -> frozenset[Square]:
    out = []
    while mask:
        low = mask & -mask
        out.append(square(low.bit_length() - 1))
        mask ^= low
    return frozenset(out)


def bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def groups(mask: int) -> list[int]:
    """The connected groups (through neighbouring squares) of the pieces in ``mask``."""
    found = []
    rest = mask
    while rest:
        seed = rest & -rest
        group = seed
        frontier = seed
        while frontier:
            grow = 0
            for i in bits(frontier):
                grow |= NEIGHBOURS[i]
            frontier = grow & rest & ~group
            group |= frontier
        found.append(group)
        rest &= ~group
    return found


def start_ring() -> tuple[frozenset[Square], frozenset[Square]]:
    """The 28 start squares, clockwise from (2,2): red, blue, red ... (docs/rules-kopf.md,
    Set-up)."""
    ring = [(2, c) for c in range(2, 10)]
    ring += [(r, 9) for r in range(3, 10)]
    ring += [(9, c) for c in range(8, 1, -1)]
    ring += [(r, 2) for r in range(8, 2, -1)]
    return frozenset(ring[0::2]), frozenset(ring[1::2])


def board_problem(board: object) -> str | None:
    """Why ``board`` is not a 10x10 grid of 1 to 4 holes, or None."""
    if not isinstance(board, (list, tuple)) or len(board) != SIZE:
        return "the board must have 10 rows"
    for r, row in enumerate(board, 1):
        if not isinstance(row, (list, tuple)) or len(row) != SIZE:
            return f"row {r} of the board must have 10 squares"
        for c, holes in enumerate(row, 1):
            if type(holes) is not int or not 1 <= holes <= 4:
                return f"square ({r}, {c}) must show 1 to 4 holes, not {holes!r}"[:120]
    return None


def _load() -> tuple[tuple[int, ...], ...]:
    grid = read_json("kopf_board.json")["board"]
    problem = board_problem(grid)
    if problem:
        raise ValueError(f"kopf_board.json: {problem}")
    return tuple(tuple(row) for row in grid)


BOARD: tuple[tuple[int, ...], ...] = _load()
"""The shipped board: ``BOARD[row - 1][col - 1]`` holes (made by scripts/make_kopf_board.py)."""
