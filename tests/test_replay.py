"""buttons_game.replay: every position of a game, its log, and the landmarks to jump to."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from buttons_game.games.buttons import engine
from buttons_game.games.buttons.engine import IllegalActionError, Place, random_game
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.games.buttons.narration import narrate_history
from buttons_game.games.kopf.engine import replay as kopf_replay
from buttons_game.games.kopf.game import KopfGame
from buttons_game.games.kopf.narration import narrate_history as kopf_narrate_history
from buttons_game.replay import Replay

SEATS = (Seat("Ann"), Seat("Bo", "easy"), Seat("Cy", "hard"), Seat("Di"))


def buttons(seed: int) -> Game:
    players = 2 + seed % 3
    return Game(SEATS[:players], random_game(players, random.Random(seed), seed=seed))


def kopf(seed: int, target: int = 10) -> KopfGame:
    rng = random.Random(seed)
    game = KopfGame.new((SEATS[0], SEATS[1]), target=target)
    while not game.state.is_over():
        game = game.apply(rng.choice(game.state.legal_actions()))
    return game


@pytest.mark.parametrize(
    "seed", [0, *(pytest.param(seed, marks=pytest.mark.slow) for seed in (1, 2, 3))]
)
def test_every_buttons_position_log_and_round(seed):
    game = buttons(seed)
    replay = Replay.of(game)
    history = game.state.history()
    setup = game.state.setup
    assert replay.actions == tuple(history) and replay.last == len(history)
    assert replay.notes == tuple(narrate_history(setup, history))
    logs = [narrate_history(setup, history[:n]) for n in range(len(history) + 1)]
    for n in range(len(history) + 1):
        state = engine.replay(setup, history[:n])
        assert replay.states[n] == state and replay.states[n].history() == history[:n]
        assert replay.log(n) == logs[n]
        assert replay.current(n) == len(logs[max(0, n - 1)])
        assert replay.sections[n] == state.round_number
        assert (
            replay.game_at(n).state is replay.states[n]
            and replay.game_at(n).seats == SEATS[: state.players]
        )
    starts = [n for n in range(1, replay.last + 1) if replay.sections[n] > replay.sections[n - 1]]
    assert replay.landmarks == tuple(sorted({0, *starts, replay.last}))


@pytest.mark.parametrize(
    "seed", [0, *(pytest.param(seed, marks=pytest.mark.slow) for seed in range(1, 6))]
)
def test_every_kopf_position_log_and_turn(seed):
    game = kopf(seed, 8 if seed % 2 else 10)
    replay = Replay.of(game)
    history = game.state.history()
    setup = game.state.setup
    assert replay.notes == tuple(kopf_narrate_history(setup, history))
    captures = []
    for n in range(len(history) + 1):
        state = kopf_replay(setup, history[:n])
        assert replay.states[n] == state and replay.states[n].key() == state.key()
        assert replay.log(n) == kopf_narrate_history(setup, history[:n])
        turn = KopfGame.replayed(game.seats, setup, history[:n]).turn_number
        assert replay.sections[n] == turn
        if n and sum(map(state.captured, (0, 1))) > sum(map(replay.states[n - 1].captured, (0, 1))):
            captures.append(n)
    assert captures and replay.landmarks == tuple(sorted({0, *captures, replay.last}))


def test_jumps_go_to_the_next_and_the_previous_landmark():
    replay = Replay.of(buttons(7))
    marks = replay.landmarks
    assert marks[0] == 0 and marks[-1] == replay.last and len(marks) > 3
    for n in range(replay.last + 1):
        assert replay.later(n) == min([m for m in marks if m > n], default=replay.last)
        assert replay.earlier(n) == max([m for m in marks if m < n], default=0)


def test_a_history_the_rules_do_not_allow_is_refused_with_its_index():
    game = Game.new(SEATS[:2], seed=4)
    state = game.state.apply(engine.ROLL)
    state = state.apply(engine.sample_dice(state, random.Random(1)))
    # placed through the fast path, in a row the white die did not show
    row = 1 if state.dice.white != 1 else 2
    bad = state.apply_unchecked(Place(state.active_player, row, 1))
    with pytest.raises(IllegalActionError) as error:
        Replay.of(Game(game.seats, bad))
    assert error.value.details["action_index"] == 2


def test_a_state_built_without_its_history_is_refused():
    played = buttons(1).state
    puzzle = played._replace()  # the position of a finished game, without its history
    assert puzzle == played and puzzle.history() == []
    with pytest.raises(ValueError, match="without its history"):
        Replay.of(Game(SEATS[: played.players], puzzle))


def test_an_empty_game_has_one_position():
    replay = Replay.of(Game.new(SEATS[:3], seed=1))
    assert replay.last == 0 and replay.landmarks == (0,) and replay.log(0) == []
    assert replay.later(0) == 0 and replay.earlier(0) == 0


def test_replay_works_with_pygame_blocked():
    code = """
import sys
sys.modules["pygame"] = None
from buttons_game.replay import Replay
from buttons_game.games.buttons.game import Game, Seat
replay = Replay.of(Game.new((Seat("A"), Seat("B")), seed=3))
loaded = [n for n, m in sys.modules.items() if m and n.split(".")[0] == "pygame"]
assert not loaded, loaded
print("ok")
"""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
