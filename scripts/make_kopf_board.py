"""Generate the Kopf oder Knopf board into assets/kopf_board.json.

The printed board is not public, so the project designs its own (docs/rules-kopf.md,
"Components"): 10x10 squares of 1 to 4 button holes, unchanged by a quarter
turn (red and blue face exactly the same board), with about 30 % ones, 30 %
twos, 25 % threes and 15 % fours. A quarter turn splits the squares into 25
orbits of 4; each orbit gets one value: 8 orbits of ones (32 %), 7 of twos
(28 %), 6 of threes (24 %) and 4 of fours (16 %). The assignment is seeded, and
among the seeded candidates the one whose holes are spread most evenly over
the board (the least clustering of equal values) is kept, so running the
script again reproduces the shipped file exactly.

    python scripts/make_kopf_board.py          # write assets/kopf_board.json
    python scripts/make_kopf_board.py --check  # verify the shipped file
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

SIZE = 10
SEED = 19920101
CANDIDATES = 400
ORBIT_VALUES = (1,) * 8 + (2,) * 7 + (3,) * 6 + (4,) * 4
SHARE = {1: 0.30, 2: 0.30, 3: 0.25, 4: 0.15}  # what docs/rules-kopf.md asks for, about
TOLERANCE = 0.03
OUT = Path(__file__).resolve().parent.parent / "assets" / "kopf_board.json"

Grid = tuple[tuple[int, ...], ...]


def rotate(grid: Grid) -> Grid:
    """The grid turned a quarter clockwise."""
    return tuple(zip(*grid[::-1]))


def orbits() -> list[list[tuple[int, int]]]:
    """The 25 sets of 4 squares (0-based) that a quarter turn maps onto each other."""
    seen: set[tuple[int, int]] = set()
    result = []
    for r in range(SIZE):
        for c in range(SIZE):
            if (r, c) in seen:
                continue
            orbit = [(r, c)]
            for _ in range(3):
                rr, cc = orbit[-1]
                orbit.append((cc, SIZE - 1 - rr))
            seen.update(orbit)
            result.append(orbit)
    return result


def clustering(grid: Grid) -> int:
    """How many neighbouring squares (8 directions) share a value: lower is more even."""
    same = 0
    for r in range(SIZE):
        for c in range(SIZE):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < SIZE and 0 <= cc < SIZE and grid[r][c] == grid[rr][cc]:
                    same += 1
    return same


def candidate(rng: random.Random) -> Grid:
    values = list(ORBIT_VALUES)
    rng.shuffle(values)
    cells = [[0] * SIZE for _ in range(SIZE)]
    for orbit, value in zip(orbits(), values):
        for r, c in orbit:
            cells[r][c] = value
    return tuple(tuple(row) for row in cells)


def generate() -> Grid:
    rng = random.Random(SEED)
    return min((candidate(rng) for _ in range(CANDIDATES)), key=clustering)


def problems(grid: object) -> list[str]:
    """What is wrong with a board (empty when it is what docs/rules-kopf.md asks for)."""
    if (
        not isinstance(grid, (list, tuple))
        or len(grid) != SIZE
        or any(not isinstance(row, (list, tuple)) or len(row) != SIZE for row in grid)
    ):
        return ["not 10x10"]
    cells = [v for row in grid for v in row]
    if any(type(v) is not int or not 1 <= v <= 4 for v in cells):
        return ["a square holds something other than 1 to 4 holes"]
    found = []
    board = tuple(tuple(row) for row in grid)
    if rotate(board) != board:
        found.append("a quarter turn changes the board")
    for value, share in SHARE.items():
        got = cells.count(value) / len(cells)
        if abs(got - share) > TOLERANCE:
            found.append(f"{value} hole(s) on {got:.0%} of the squares, not about {share:.0%}")
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="verify the shipped file")
    args = parser.parse_args()
    board = generate()
    if args.check:
        shipped = json.loads(OUT.read_text(encoding="utf-8"))["board"]
        errors = problems(shipped)
        if [list(row) for row in board] != shipped:
            errors.append("the shipped board is not what the seeded script makes")
        for error in errors:
            print(f"kopf_board.json: {error}", file=sys.stderr)
        return 1 if errors else 0
    assert not problems(board), problems(board)
    rows = ",\n".join("    " + json.dumps(list(row)) for row in board)
    OUT.write_text(
        '{\n  "about": "Kopf oder Knopf: holes per square, rows 1-10 top to bottom; '
        'made by scripts/make_kopf_board.py",\n  "board": [\n' + rows + "\n  ]\n}\n",
        encoding="utf-8",
    )
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
