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
