"""The eight board layouts satisfy docs/rules-buttons.md "Components"."""

import importlib.util
from pathlib import Path

from buttons_game.games.buttons.engine import COLOUR_MASKS, COLOURS, LAYOUT_NAMES, LAYOUTS

ROOT = Path(__file__).resolve().parents[4]


def _symmetries(grid):
    images = []
    g = grid
    for _ in range(4):
        g = tuple(zip(*g[::-1]))
        images += [g, tuple(row[::-1] for row in g)]
    return images


def test_eight_named_layouts():
    assert tuple(LAYOUTS) == ("1A", "1B", "2A", "2B", "3A", "3B", "4A", "4B") == LAYOUT_NAMES


def test_each_layout_is_6x6_with_nine_spaces_per_colour():
    for grid in LAYOUTS.values():
        assert len(grid) == 6 and all(len(row) == 6 for row in grid)
        cells = [c for row in grid for c in row]
        assert sorted(set(cells)) == sorted(COLOURS)
        assert all(cells.count(colour) == 9 for colour in COLOURS)


def test_no_row_or_column_holds_more_than_three_of_a_colour():
    for grid in LAYOUTS.values():
        for i in range(6):
            row = grid[i]
            col = [grid[r][i] for r in range(6)]
            for colour in COLOURS:
                assert row.count(colour) <= 3 and col.count(colour) <= 3


def test_layouts_are_distinct_up_to_rotation_and_mirroring():
    names = list(LAYOUTS)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert LAYOUTS[b] not in _symmetries(LAYOUTS[a]) and LAYOUTS[a] != LAYOUTS[b]


def test_colour_masks_match_the_grid():
    for name, grid in LAYOUTS.items():
        for k, colour in enumerate(COLOURS):
            mask = COLOUR_MASKS[name][k]
            for r in range(6):
                for c in range(6):
                    assert bool(mask >> (r * 6 + c) & 1) == (grid[r][c] == colour)


def test_shipped_file_is_what_the_seeded_script_generates():
    spec = importlib.util.spec_from_file_location(
        "make_layouts", ROOT / "scripts" / "make_layouts.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    generated = module.generate()
    assert generated == dict(LAYOUTS)
    assert module.set_problems(generated) == []
    # the checker itself catches a broken layout
    broken = dict(generated)
    broken["1B"] = generated["1A"][::-1]
    assert any("1B equals 1A" in p for p in module.set_problems(broken))
