"""Set-ups and actions as JSON, replay, the shipped board, and no pygame in the engine."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from buttons_game.games.kopf.engine import (
    BOARD,
    PASS,
    ActionFormatError,
    IllegalActionError,
    Move,
    Pass,
    Remove,
    decode_action,
    decode_setup,
    encode_action,
    encode_setup,
    new_game,
    replay,
)

ROOT = Path(__file__).resolve().parents[3]


def random_state(seed: int):
    rng = random.Random(seed)
    state = new_game(target=8 if seed % 2 else 10)
    for _ in range(rng.randrange(10, 200)):
        if state.is_over():
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("seed", range(20))
def test_set_up_and_actions_survive_json(seed):
    state = random_state(seed)
    setup = json.loads(json.dumps(encode_setup(state.setup)))
    actions = json.loads(json.dumps([encode_action(a) for a in state.history()]))
    again = replay(decode_setup(setup), [decode_action(a) for a in actions])
    assert again == state


def test_a_custom_position_survives_json():
    state = new_game(
        pieces=(
            [(5, 5), (5, 6), (3, 3), *((10, c) for c in (1, 3, 5))],
            [(1, 2), (1, 4), (1, 6), (1, 8), (8, 8)],
        ),
        to_move=1,
        target=10,
    )
    setup = decode_setup(json.loads(json.dumps(encode_setup(state.setup))))
    assert setup == state.setup


@pytest.mark.parametrize(
    "value",
    [
        None,
        [],
        {"type": "jump"},
        {"type": "move", "from": [1, 2]},
        {"type": "remove", "at": "a1"},
        {"type": "move", "from": [1, 2], "to": [1, True]},
        {"type": "pass", "x": 1},
        {"type": "move", "from": [1, 2], "to": [10**30, 1]},
    ],
)
def test_malformed_actions_are_refused(value):
    with pytest.raises(ActionFormatError):
        decode_action(value)


def test_a_pass_round_trips_through_its_save_form():
    stored = json.loads(json.dumps(encode_action(PASS)))
    assert stored == {"type": "pass"}
    assert decode_action(stored) == PASS and decode_action(stored) == Pass()
    for action in (Move(2, 2, 3, 3), Remove(4, 5)):
        assert decode_action(json.loads(json.dumps(encode_action(action)))) == action


SETUP_KEYS = ("board", "target", "pieces", "to_move")


@pytest.mark.parametrize("key", SETUP_KEYS)
def test_a_set_up_missing_a_key_is_refused(key):
    data = encode_setup(new_game().setup)
    del data[key]
    with pytest.raises(ValueError, match="a set-up has board, target, pieces and to_move"):
        decode_setup(data)


@pytest.mark.parametrize("extra", ["seed", "players", "Board"])
def test_a_set_up_with_an_extra_key_is_refused(extra):
    data = encode_setup(new_game().setup)
    assert decode_setup(dict(data)) == new_game().setup
    data[extra] = 1
    with pytest.raises(ValueError, match="a set-up has board, target, pieces and to_move"):
        decode_setup(data)


@pytest.mark.parametrize(
    "square",
    [
        [5],
        [5, 5, 5],
        [],
        (5, 5),
        "55",
        5,
        None,
        [5, "5"],
        [5, 5.0],
        [True, 5],
        [5, None],
        [1000, 5],
        [5, -1000],
        [10**30, 5],
    ],
)
def test_a_piece_square_that_is_not_a_pair_of_whole_numbers_in_range_is_refused(square):
    data = encode_setup(new_game().setup)
    data["pieces"][0][0] = square
    with pytest.raises(ActionFormatError, match=r"a piece must be \[row, col\]"):
        decode_setup(data)
    for action in (
        {"type": "remove", "at": square},
        {"type": "move", "from": [5, 5], "to": square},
        {"type": "move", "from": square, "to": [5, 5]},
    ):
        with pytest.raises(ActionFormatError, match=r"must be \[row, col\]"):
            decode_action(action)


def test_a_square_just_inside_the_format_range_is_read_then_found_off_the_board():
    assert decode_action({"type": "remove", "at": [999, -999]}) == Remove(999, -999)
    data = encode_setup(new_game().setup)
    data["pieces"][0][0] = [999, 5]
    with pytest.raises(ValueError, match=r"\(999, 5\) is off the board"):
        decode_setup(data)


@pytest.mark.parametrize(
    "pieces, words",
    [
        ({"red": [], "blue": []}, "pieces must be [red_squares, blue_squares]"),
        ("[[], []]", "pieces must be [red_squares, blue_squares]"),
        (None, "pieces must be [red_squares, blue_squares]"),
        ([[[5, 5]]], "pieces must be [red_squares, blue_squares]"),
        ([[[5, 5]], [[6, 6]], []], "pieces must be [red_squares, blue_squares]"),
        ([[[5, 5]], "66"], "each side's pieces must be a list of [row, col]"),
        ([{"5": 5}, [[6, 6]]], "each side's pieces must be a list of [row, col]"),
        ([[[5, 5]], None], "each side's pieces must be a list of [row, col]"),
    ],
)
def test_pieces_of_the_wrong_shape_are_refused(pieces, words):
    data = encode_setup(new_game().setup)
    data["pieces"] = pieces
    with pytest.raises(ValueError) as error:
        decode_setup(data)
    assert words in str(error.value)


def test_replay_names_the_first_illegal_action_with_its_code():
    state = random_state(3)
    actions = state.history()[:5] + [Move(1, 1, 1, 1)]
    with pytest.raises(IllegalActionError) as error:
        replay(state.setup, actions)
    assert "action 5" in str(error.value) and error.value.details["action_index"] == 5
    assert error.value.code


def test_actions_are_frozen_hashable_and_paste_back():
    names = {"Move": Move, "Remove": Remove, "Pass": Pass}
    for action in (Move(2, 2, 3, 3), Remove(4, 5), Pass()):
        copy = eval(repr(action), names)
        assert copy == action and hash(copy) == hash(action)
        with pytest.raises((AttributeError, TypeError)):  # frozen
            action.row = 1  # type: ignore[misc]


def test_the_shipped_board_is_what_the_seeded_script_makes():
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "make_kopf_board.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert tuple(zip(*BOARD[::-1])) == BOARD, "a quarter turn leaves the board as it is"


def test_the_board_script_finds_what_is_wrong():
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import make_kopf_board as script
    finally:
        sys.path.pop(0)
    assert script.problems([list(row) for row in BOARD]) == []
    lopsided = [list(row) for row in BOARD]
    lopsided[0][0] = 4 if lopsided[0][0] != 4 else 1
    assert "a quarter turn changes the board" in script.problems(lopsided)
    assert script.problems([[1] * 10] * 10)  # all ones: far from the proportions
    assert script.problems([[1] * 10] * 9) == ["not 10x10"]


CODE = """
import sys
sys.modules["pygame"] = None  # any import of pygame now fails
import random
import buttons_game.games.kopf.engine as kopf
state = kopf.new_game()
rng = random.Random(1)
while not state.is_over():
    state = state.apply(rng.choice(state.legal_actions()))
loaded = [name for name, module in sys.modules.items() if module and name.startswith("pygame")]
assert not loaded, loaded
print("ok")
"""


def test_the_engine_imports_and_plays_with_pygame_blocked():
    result = subprocess.run(
        [sys.executable, "-c", CODE], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
