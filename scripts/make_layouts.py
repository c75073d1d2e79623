"""Generate the eight board layouts (1A ... 4B) into assets/layouts.json.

The printed layouts of the box are not public, so the project designs its own
(docs/rules-buttons.md, "Components"). Each layout has 9 spaces of each of the four colours,
no row or column holds more than 3 spaces of one colour, and no layout equals
another or any rotation or mirror image of another. Generation is seeded, so
running the script again reproduces the shipped file exactly.

    python scripts/make_layouts.py          # write assets/layouts.json
    python scripts/make_layouts.py --check  # verify the shipped file
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from pathlib import Path

COLOURS = ("red", "yellow", "green", "blue")
NAMES = ("1A", "1B", "2A", "2B", "3A", "3B", "4A", "4B")
SEED = 20150101
OUT = Path(__file__).resolve().parent.parent / "assets" / "layouts.json"

Grid = tuple[tuple[str, ...], ...]


def symmetries(grid: Grid) -> list[Grid]:
    """The 8 images of a grid under rotation and mirroring."""
    images = []
    g = grid
    for _ in range(4):
        g = tuple(zip(*g[::-1]))  # rotate 90 degrees clockwise
        images.append(g)
        images.append(tuple(row[::-1] for row in g))
    return images


def problems(grid: Grid) -> list[str]:
    """What is wrong with one layout (empty when it is valid)."""
    found = []
    if len(grid) != 6 or any(len(row) != 6 for row in grid):
        return ["not 6x6"]
    cells = [c for row in grid for c in row]
    for colour in COLOURS:
        if cells.count(colour) != 9:
            found.append(f"{colour} covers {cells.count(colour)} spaces, not 9")
    if set(cells) - set(COLOURS):
        found.append(f"unknown colours {sorted(set(cells) - set(COLOURS))}")
    lines = [("row", i + 1, grid[i]) for i in range(6)]
    lines += [("column", j + 1, tuple(grid[i][j] for i in range(6))) for j in range(6)]
    for kind, number, line in lines:
        for colour in COLOURS:
            if line.count(colour) > 3:
                found.append(f"{kind} {number} holds {line.count(colour)} {colour}")
    return found


def set_problems(layouts: dict[str, Grid]) -> list[str]:
    """Problems of the whole set: names, each layout, distinctness under symmetry."""
    found = []
    if tuple(layouts) != NAMES:
        found.append(f"layout names {tuple(layouts)} are not {NAMES}")
    for name, grid in layouts.items():
        found += [f"{name}: {p}" for p in problems(grid)]
    items = list(layouts.items())
    for i, (a, ga) in enumerate(items):
        for b, gb in items[i + 1 :]:
            if gb in symmetries(ga) or gb == ga:
                found.append(f"{b} equals {a} up to rotation or mirroring")
    return found


def generate(seed: int = SEED) -> dict[str, Grid]:
    rng = random.Random(seed)
    layouts: dict[str, Grid] = {}
    for name in NAMES:
        while True:
            cells = [c for c in COLOURS for _ in range(9)]
            rng.shuffle(cells)
            grid = tuple(tuple(cells[r * 6 : r * 6 + 6]) for r in range(6))
            if problems(grid):
                continue
            candidate = {**layouts, name: grid}
            # The set is still incomplete here, so ignore the name check.
            if not [p for p in set_problems(candidate) if not p.startswith("layout names")]:
                layouts = candidate
                break
    return layouts


def load(path: Path = OUT) -> dict[str, Grid]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return {name: tuple(tuple(row) for row in grid) for name, grid in data["layouts"].items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="verify the shipped file")
    args = parser.parse_args(argv)
    if args.check:
        found = set_problems(load())
        if load() != generate():
            found.append(f"{OUT} differs from what seed {SEED} generates")
        for p in found:
            print(p, file=sys.stderr)
        print("layouts OK" if not found else f"{len(found)} problem(s)")
        return 1 if found else 0
    layouts = generate()
    assert not set_problems(layouts)
    data = {
        "format": "buttons-game-layouts",
        "version": 1,
        "generated_by": "scripts/make_layouts.py",
        "seed": SEED,
        "colours": list(COLOURS),
        "layouts": {name: [list(row) for row in grid] for name, grid in layouts.items()},
    }
    text = json.dumps(data, indent=1)
    # One board row per line keeps the file readable as a picture of the board.
    text = re.sub(r'\[\s+("\w+",?\s+){6}\]', lambda m: " ".join(m.group(0).split()), text)
    OUT.write_text(text + "\n", encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
