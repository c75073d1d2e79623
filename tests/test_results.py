"""One typed outcome: ``GameKind.result`` says who won (a shared win, a draw) and every
reader — the game-over screens, the statistics, the tournaments' shares — agrees with it."""

from __future__ import annotations

import random

import pytest

from buttons_game.core.events import Result
from buttons_game.core.seats import Seat
from buttons_game.games.buttons.engine import random_action, sample_dice
from buttons_game.games.buttons.game import Game
from buttons_game.games.buttons.kind import KIND as BUTTONS
from buttons_game.games.kopf.engine import new_game as kopf_start
from buttons_game.games.kopf.game import KopfGame
from buttons_game.games.kopf.kind import KIND as KOPF
from buttons_game.stats.tally import tally_game
from buttons_game.ui.play.registry import ui_for

from .games.kopf.games import random_game as kopf_random_game
from .games.kopf.helpers import position

SEATS = (Seat("Ann"), Seat("Bo"), Seat("Cy"), Seat("Di"))


def buttons_finished(seed: int, players: int) -> Game:
    rng = random.Random(seed)
    game = Game.new(SEATS[:players], seed=seed)
    while not game.state.is_over():
        state = game.state
        action = sample_dice(state, rng) if state.is_chance_node() else random_action(state, rng)
        game = game.apply(action)
    return game


def kopf_drawn() -> KopfGame:
    state = position([(3, 3)], [(8, 8)], to_move=0, filler=False, target=14)
    rng = random.Random(1)
    while not state.is_over():
        state = state.apply(rng.choice(state.legal_actions()))
    return KopfGame(SEATS[:2], state)


def test_results_say_who_won_a_shared_win_and_a_draw():
    assert Result((1,), False, "captures").shares(2) == (0.0, 1.0)
    assert Result((0, 2), False, "five_in_line").shares(3) == (0.5, 0.0, 0.5)
    assert Result((), True, "no_captures").shares(2) == (0.0, 0.0)
    drawn = kopf_drawn()
    assert KOPF.result(drawn.state) == Result((), True, "no_captures")
    assert KOPF.result(kopf_start()) is None and BUTTONS.result(Game.new(SEATS).state) is None


def finished_games() -> list[Game | KopfGame]:
    games: list[Game | KopfGame] = [buttons_finished(s, 2 + s % 3) for s in range(4)]
    games += [kopf_random_game(random.Random(s), target=8, seats=SEATS[:2]) for s in range(3)]
    return [*games, kopf_drawn()]


@pytest.mark.parametrize("game", finished_games(), ids=lambda g: f"{g.kind}")
def test_the_screens_the_statistics_and_the_tournaments_read_the_one_result(game):
    kind = BUTTONS if game.kind == "buttons" else KOPF
    result = kind.result(game.state)
    assert result is not None
    outcome = game.state.outcome()
    # the engine's own outcome, as the tournaments read it today
    if game.kind == "buttons":
        assert result.winners == outcome.winners and not result.drawn
        shares = tuple(
            1 / len(outcome.winners) if p in outcome.winners else 0.0
            for p in range(len(game.seats))
        )
    else:
        assert result.winners == (() if outcome.winner is None else (outcome.winner,))
        assert result.drawn == (outcome.winner is None)
        shares = tuple(1.0 if outcome.winner == p else 0.0 for p in (0, 1))
    assert result.shares(len(game.seats)) == shares
    assert ui_for(game).winners(game) == result.winners  # the game-over screens
    figures = kind.seat_figures(game)
    assert [f.won for f in figures] == [p in result.winners for p in range(len(game.seats))]
    assert all(f.drew == result.drawn for f in figures)
    tally = tally_game(game)  # the statistics
    assert [s.won for s in tally.people] == [p in result.winners for p in range(len(game.seats))]
    assert all(s.drew == result.drawn for s in tally.people)


def test_a_game_under_way_has_no_winners_on_its_game_over_screen():
    game = Game.new(SEATS[:2], seed=1)
    assert ui_for(game).winners(game) == ()


def test_the_seat_to_move_is_the_states_current_player_and_none_while_chance_decides():
    from buttons_game.games.buttons.engine import ROLL

    game = Game.new(SEATS[:2], seed=1)
    ui = ui_for(game)
    assert ui.seat_to_move(game.state) == game.state.active_player
    rolling = game.state.apply(ROLL)
    assert rolling.is_chance_node() and ui.seat_to_move(rolling) is None
    kopf = KopfGame.new(SEATS[:2])
    assert ui_for(kopf).seat_to_move(kopf.state) == kopf.state.current_player
