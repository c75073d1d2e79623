"""Hints for human seats: the hard bot's move, the exact bust chance, expected stars."""

import pytest

from buttons_game.games.buttons.bots.efficiency import SoloPosition
from buttons_game.games.buttons.bots.hint import Hint, hint
from buttons_game.games.buttons.engine import (
    OPT_OUT,
    ROLL,
    Dice,
    Phase,
    Place,
    Skip,
    bust_probability,
    new_game,
)

from ..engine.helpers import with_boards


def test_turn_hint_compares_rolling_with_opting_out():
    state = with_boards(new_game(2, seed=3), buttons={0: [(1, 1)], 1: [(2, 2)]})
    p = state.current_player
    h = hint(state, p)
    assert isinstance(h, Hint) and h.phase is Phase.TURN and h.player == p
    assert h.action in (ROLL, OPT_OUT)
    assert h.bust_probability == bust_probability(state, p)
    assert h.stop_value == h.stars_now == 1
    assert 1 < h.roll_value < 7  # rolling on an almost empty board beats one star
    assert h.action == ROLL


def test_turn_hint_when_every_roll_busts():
    stars = ((1 << 36) - 1) & ~0b11  # (1, 1) holds a button, (1, 2) is next to it
    state = SoloPosition(3, "1A", ("red",), stars, 0b01).state()
    h = hint(state, 0)
    assert h.bust_probability == 1.0 and h.roll_value == 0.0
    assert h.stop_value == 1 and h.action == OPT_OUT


def test_no_stop_value_before_the_first_button():
    state = new_game(3, seed=1)
    h = hint(state)
    assert h.stop_value is None and h.action == ROLL and h.bust_probability == 0.0


def test_placing_hint_lists_every_option_with_its_value():
    state = new_game(2, seed=8).apply(ROLL).apply(Dice(3, 4, (1, 2, 6, 6)))
    active = state.active_player
    other = 1 - active
    h = hint(state, active)
    assert [a for a, _ in h.options] == state.legal_actions(active)
    assert h.action in state.legal_actions(active)
    assert all(0 < v < 7 for _, v in h.options)
    g = hint(state, other)
    assert [a for a, _ in g.options] == [Place(other, 3, 4), Skip(other)]
    assert g.action in state.legal_actions(other)


def test_star_hint_and_a_seat_without_a_decision():
    state = new_game(2, seed=8)
    with pytest.raises(ValueError):
        hint(state, 1 - state.current_player)


def test_line_target_names_the_line_a_star_lengthens():
    from buttons_game.games.buttons.bots.hint import built_line
    from buttons_game.games.buttons.engine import PlaceStar
    from buttons_game.games.buttons.engine.board import mask_of

    stars = mask_of([(1, 2), (2, 2)])
    line = built_line(stars, PlaceStar(0, 3, 2))
    assert line & mask_of([(1, 2), (2, 2), (3, 2)]) == mask_of([(1, 2), (2, 2), (3, 2)])
    assert built_line(stars, PlaceStar(0, 6, 6)) == 0
    assert built_line(0, ROLL) == 0 and built_line(stars, ROLL) & stars == stars
