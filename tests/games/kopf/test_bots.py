"""Kopf oder Knopf bots: legal, reproducible, ordered in what they see, and the tournament."""

from __future__ import annotations

import json
import random

import pytest

from buttons_game.games.kopf.bots import LEVELS, make_bot
from buttons_game.games.kopf.bots.arena import play_game
from buttons_game.games.kopf.bots.hint import explain, kopf_hint
from buttons_game.games.kopf.engine import IllegalActionError, KopfState, Move, Remove, new_game
from buttons_game.tournament import main

from .helpers import board

# The hard bot with a fixed depth and no clock: the same move on any machine.
FIXED = {"hard": {"seconds": None, "max_depth": 3}}


def fixed_bot(level: str, seed: int):
    return make_bot(level, seed, **FIXED.get(level, {}))


def positions(count: int, seed: int) -> list[KopfState]:
    """Positions from random games, punishing decisions among them."""
    rng = random.Random(seed)
    found: list[KopfState] = []
    while len(found) < count:
        state = new_game()
        while not state.is_over() and len(found) < count:
            if rng.random() < 0.08 or state.punishing:
                found.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
    return found


@pytest.mark.parametrize(
    "level", [pytest.param(x, marks=pytest.mark.slow) if x == "hard" else x for x in LEVELS]
)
def test_every_level_chooses_a_legal_action(level):
    punishing = 0
    for state in positions(25, seed=len(level)):
        action = fixed_bot(level, 3).choose(state)
        assert action in state.legal_actions()
        state.apply(action)  # the checked path accepts it
        punishing += state.punishing
        if state.punishing:
            assert isinstance(action, Remove)
    assert punishing, "the sample should hold a punishing decision"


@pytest.mark.parametrize(
    "level", [pytest.param(x, marks=pytest.mark.slow) if x == "hard" else x for x in LEVELS]
)
def test_the_same_seed_plays_the_same_game(level):
    one = play_game((level, "random"), seed=5, options=FIXED)
    two = play_game((level, "random"), seed=5, options=FIXED)
    assert (one.winner, one.turns, one.captured) == (two.winner, two.turns, two.captured)


def test_a_bot_decides_only_for_the_player_to_move():
    state = new_game()
    bot = make_bot("easy", 1)
    with pytest.raises(ValueError, match="player 1 has no decision"):
        bot.choose(state, 1)
    assert bot.choose(state, 0) in state.legal_actions()
    # red has taken 9; its pair (5,5)-(5,6) strikes (5,7) at the start of its turn: the 10th
    red = [(5, 5), (5, 6), (10, 1), (10, 3), (10, 5)]
    blue = [(5, 7), (1, 1), (1, 3), (1, 5), (1, 7)]
    over = new_game(board=board(), pieces=(red, blue), to_move=0)
    assert over.is_over() and over.outcome().winner == 0
    with pytest.raises(ValueError, match="game is over"):
        bot.choose(over)


def test_an_unknown_level_is_named():
    with pytest.raises(ValueError, match="unknown bot level 'grandmaster'"):
        make_bot("grandmaster")


# A double threat one move away, on a board of one-hole squares (every pair has
# range 2): red's (5,5) steps to (4,4) and the pair (3,3)-(4,4) threatens blue's
# (2,2) one way and (6,6) the other; blue can save only one of them.
FORK_RED = [(3, 3), (5, 5), (10, 2), (10, 4), (10, 6), (10, 8), (10, 10)]
FORK_BLUE = [(2, 2), (6, 6), (1, 4), (1, 6), (1, 8), (1, 10), (3, 10)]


def fork(to_move: int) -> KopfState:
    return new_game(board=board(), pieces=(FORK_RED, FORK_BLUE), to_move=to_move)


def holds(state: KopfState, me: int) -> bool:
    """``me`` (to decide) can act so that the opponent's next turn starts with no capture."""
    other = 1 - me
    for action in state.legal_actions():
        after = state.apply(action)
        if after.current_player == me:  # another removal of the same punishing
            if holds(after, me):
                return True
        elif not after.punishing and after.captured(other) == state.captured(other):
            return True
    return False


def safe(state: KopfState, action) -> bool:
    """After ``action`` by the player to move, every reply can be answered without loss."""
    me = state.to_move
    after = state.apply(action)
    for reply in after.legal_actions():
        then = after.apply(reply)
        if then.current_player != me:
            continue  # the opponent is still punishing: its later choices are looked at too
        if then.captured(1 - me) > after.captured(1 - me) or not holds(then, me):
            return False
    return True


def test_hard_and_medium_see_a_double_threat_coming_and_easy_does_not():
    state = fork(to_move=1)
    verdict = {action: safe(state, action) for action in state.legal_actions()}
    assert 0 < sum(verdict.values()) < len(verdict)  # some moves walk into the fork
    chosen = {
        level: [verdict[fixed_bot(level, s).choose(state)] for s in range(12)] for level in LEVELS
    }
    assert all(chosen["hard"]) and all(chosen["medium"])
    assert not all(chosen["easy"])  # one move ahead only: it does not see the reply


def test_hard_makes_the_double_threat_when_it_can():
    state = fork(to_move=0)
    for seed in range(6):
        action = fixed_bot("hard", seed).choose(state)
        after = state.apply(action)
        # whatever blue answers, red's next turn starts with a capture (a strike, or
        # punishing a group blue made)
        for reply in after.legal_actions():
            then = after.apply(reply)
            assert then.captured(0) > after.captured(0) or then.punishing, (action, reply)


def test_hard_reports_what_its_search_found():
    bot = make_bot("hard", 2, seconds=None, max_depth=2)
    bot.choose(new_game())
    assert bot.last is not None and bot.last.depth == 2 and bot.last.nodes > 0


@pytest.mark.parametrize(
    "levels",
    [
        ("easy", "random"),
        ("medium", "easy"),
        pytest.param(("hard", "medium"), marks=pytest.mark.slow),  # the hard bot searches
    ],
)
def test_bot_games_end_without_an_illegal_action(levels):
    for seed in range(2):
        record = play_game(levels, seed, options=FIXED)
        assert record.winner in (0, 1, None)
        assert max(record.captured) <= 14 and record.turns > 0


def test_the_hint_is_the_bots_move_with_a_reason():
    state = fork(to_move=0)
    hint = kopf_hint(state, 0, fixed_bot("hard", 1))
    assert hint.action in state.legal_actions()
    # either piece stepping to (4,4) makes the pair that forks (2,2) and (6,6)
    assert isinstance(hint.action, Move) and (hint.action.to_row, hint.action.to_col) == (4, 4)
    assert hint.why == "threaten"
    assert dict(hint.values)["squares"] == "b2, f6"
    quiet = explain(new_game(), Move(2, 2, 1, 1))
    assert quiet.why in {"safe", "best", "save"} and dict(quiet.values)["from"] == "b2"


def test_tournament_kopf_json(capsys):
    argv = ["--game", "kopf", "--seats", "easy,random", "--games", "5", "--seed", "3", "--json"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "kopf" and data["games"] == 6  # rounded up to both colour orders
    easy, rand = data["levels"]["easy"], data["levels"]["random"]
    for row in (easy, rand):
        assert row["games"] == 6 and row["wins"] + row["draws"] + row["losses"] == 6
        assert 0 <= row["ci_low"] <= row["win_rate"] <= row["ci_high"] <= 1
        assert row["decision_ms_p99"] >= row["decision_ms_median"] >= 0
    assert easy["wins"] == rand["losses"] and easy["draws"] == rand["draws"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--game", "kopf", "--players", "3"], "played by 2 players"),
        (["--game", "kopf", "--seats", "hard"], "needs two"),
        (["--game", "kopf", "--efficiency"], "BUTTONS bots only"),
    ],
)
def test_tournament_kopf_refuses_what_does_not_fit(argv, message, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2 and message in capsys.readouterr().err


def test_an_illegal_bot_action_stops_the_game_naming_the_bot(monkeypatch):
    from buttons_game.games.kopf.bots import base

    monkeypatch.setattr(base.RandomBot, "choose", lambda self, state, player=None: Move(1, 1, 1, 2))
    with pytest.raises(IllegalActionError, match="random bot playing red"):
        play_game(("random", "random"), 1)
