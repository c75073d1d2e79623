"""Set-ups and actions as JSON values, and replay through the checked path."""

import json
import random

import pytest

from buttons_game.games.buttons.engine import (
    OPT_OUT,
    ROLL,
    ActionFormatError,
    Dice,
    IllegalActionError,
    Place,
    PlaceStar,
    Skip,
    decode_action,
    decode_setup,
    encode_action,
    encode_setup,
    new_game,
    random_game,
    replay,
)


@pytest.mark.parametrize(
    "action",
    [
        ROLL,
        OPT_OUT,
        Place(1, 2, 3),
        Skip(0),
        PlaceStar(3, 6, 6),
        Dice(5, 6, (6, 2, 3, 5)),
        Dice(1, 1, ()),
    ],
)
def test_actions_round_trip_through_json(action):
    data = json.loads(json.dumps(encode_action(action)))
    assert decode_action(data) == action


def test_dice_accept_plain_values_in_any_order():
    assert Dice(5, 6, (6, 2, 3, 5)) == Dice(5, 6, (2, 3, 5, 6))
    assert hash(Dice(5, 6, (6, 2))) == hash(Dice(5, 6, (2, 6)))
    state = new_game(4, seed=1).apply(ROLL)
    assert state.apply(Dice(5, 6, (6, 2, 3, 5))) == state.apply(Dice(5, 6, (2, 3, 5, 6)))


def test_action_reprs_paste_back():
    from buttons_game.games.buttons.engine import actions

    for action in [ROLL, OPT_OUT, Place(1, 2, 3), Skip(0), PlaceStar(3, 6, 6), Dice(5, 6, (2, 3))]:
        assert eval(repr(action), vars(actions)) == action


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {"type": "jump"},
        {"type": []},
        {"type": {"nested": 1}},
        {"type": "place", "player": 0, "row": 1},
        {"type": "place", "player": 0, "row": 1, "col": "2"},
        {"type": "place", "player": 0, "row": 1, "col": True},
        {"type": "skip", "player": 10**30},
        {"type": "dice", "white": 1, "gold": 2, "plain": "1234"},
        {"type": "dice", "white": 1, "gold": 2, "plain": [1, 2, 3, 4, 5]},
        {"type": "roll", "extra": 1},
    ],
)
def test_malformed_actions_are_refused(data):
    with pytest.raises(ActionFormatError):
        decode_action(data)


def test_setup_round_trip():
    setup = new_game(3, seed=9).setup
    assert decode_setup(json.loads(json.dumps(encode_setup(setup)))) == setup


@pytest.mark.parametrize(
    "change",
    [
        {"players": 5},
        {"layouts": ["1A", "1A", "XX"]},
        {"cards": [["red"], ["red"], ["blue"]]},
        {"cards": "red"},
        {"seed": "x"},
    ],
)
def test_bad_setups_are_refused(change):
    data = {**encode_setup(new_game(3, seed=9).setup), **change}
    with pytest.raises(ValueError):
        decode_setup(data)


@pytest.mark.parametrize("key", ["players", "layouts", "cards", "seed"])
def test_a_setup_without_one_of_its_four_keys_is_refused(key):
    data = encode_setup(new_game(3, seed=9).setup)
    del data[key]
    with pytest.raises(ValueError, match="players, layouts, cards and seed"):
        decode_setup(data)


@pytest.mark.parametrize("extra", ["variant", "Seed", "players "])
def test_a_setup_with_a_key_beyond_its_four_is_refused(extra):
    data = {**encode_setup(new_game(3, seed=9).setup), extra: 1}
    with pytest.raises(ValueError, match="players, layouts, cards and seed"):
        decode_setup(data)


def test_a_setup_may_store_no_seed_but_must_say_so():
    data = {**encode_setup(new_game(2, seed=4).setup), "seed": None}
    assert decode_setup(data).seed is None
    del data["seed"]
    with pytest.raises(ValueError, match="players, layouts, cards and seed"):
        decode_setup(data)


def test_replay_of_a_whole_game_through_json():
    final = random_game(4, random.Random(2), seed=2)
    stored = json.dumps([encode_action(a) for a in final.history()])
    rebuilt = replay(final.setup, [decode_action(d) for d in json.loads(stored)])
    assert rebuilt == final and rebuilt.is_over()


def test_replay_names_the_first_illegal_action():
    final = random_game(2, random.Random(4), seed=4)
    actions = final.history()
    actions[3] = Place(0, 7, 7)
    with pytest.raises(IllegalActionError, match="action 3"):
        replay(final.setup, actions)


def test_apply_leaves_the_old_state_untouched():
    state = new_game(2, seed=3)
    rolled = state.apply(ROLL)
    assert state.is_chance_node() is False and rolled.is_chance_node()
    assert state.history() == [] and rolled.history() == [ROLL]


@pytest.mark.parametrize("field, value", [("cards", {}), ("layouts", "1A2A"), ("cards", "red")])
def test_a_setup_whose_layouts_or_cards_are_not_lists_says_so(field, value):
    data = {**encode_setup(new_game(2, seed=4).setup), field: value}
    with pytest.raises(ValueError, match="^layouts and cards must be lists$"):
        decode_setup(data)
