"""The spaces of a five-in-a-line, for the game-over screen to highlight."""

from hypothesis import given
from hypothesis import strategies as st

from buttons_game.games.buttons.engine import (
    five_in_line_mask,
    five_in_line_spaces,
    has_five_in_line,
)
from buttons_game.games.buttons.engine.board import FULL, LINES_OF_FIVE, mask_of

from .helpers import game, with_boards


def brute_force(stars: set[tuple[int, int]]) -> set[tuple[int, int]]:
    found = set()
    for r in range(1, 7):
        for start in (1, 2):
            across = {(r, c) for c in range(start, start + 5)}
            down = {(c, r) for c in range(start, start + 5)}
            for line in (across, down):
                if line <= stars:
                    found |= line
    return found


def test_a_row_of_five():
    stars = [(3, c) for c in range(2, 7)] + [(1, 1), (4, 4)]
    assert five_in_line_spaces(mask_of(stars)) == {(3, c) for c in range(2, 7)}


def test_six_in_a_column_gives_all_six():
    stars = [(r, 5) for r in range(1, 7)]
    assert five_in_line_spaces(mask_of(stars)) == set(stars)


def test_a_cross_of_two_lines():
    stars = [(2, c) for c in range(1, 6)] + [(r, 3) for r in range(2, 7)]
    assert five_in_line_spaces(mask_of(stars)) == set(stars)


def test_diagonals_and_broken_lines_give_nothing():
    diagonal = [(i, i) for i in range(1, 7)]
    broken = [(5, c) for c in (1, 2, 3, 5, 6)]
    assert five_in_line_mask(mask_of(diagonal + broken)) == 0
    assert five_in_line_spaces(0) == frozenset()


@given(
    st.lists(st.sampled_from(LINES_OF_FIVE), max_size=3),
    st.integers(0, FULL),
    st.integers(0, FULL),
)
def test_agrees_with_a_brute_force_search(lines, noise, holes):
    stars = noise & ~holes
    for line in lines:
        stars |= line
    spaces = {
        (r, c) for r in range(1, 7) for c in range(1, 7) if stars >> ((r - 1) * 6 + c - 1) & 1
    }
    assert five_in_line_spaces(stars) == brute_force(spaces)
    assert bool(five_in_line_mask(stars)) == has_five_in_line(stars)
    assert five_in_line_mask(stars) & ~stars == 0


def test_the_state_names_each_seats_winning_line():
    line = [(r, 2) for r in range(2, 7)]
    state = with_boards(game(), stars={1: line + [(1, 1)], 2: [(1, 1), (2, 2)]})
    assert state.winning_line(1) == set(line)
    assert state.winning_line(2) == frozenset() and state.winning_line(0) == frozenset()
