"""Headless bot games (tournaments, ``simulate``) play on the Match: the dice are the
game's own seeded stream, as at the table; each decision is timed; a bot breaking a rule
is named."""

from __future__ import annotations

import pytest

from buttons_game.core import Seat
from buttons_game.core.headless import play_bots
from buttons_game.games.buttons.bots import make_bot
from buttons_game.games.buttons.bots.arena import play_game
from buttons_game.games.buttons.engine import Dice, IllegalActionError, Place
from buttons_game.games.buttons.game import Game
from buttons_game.simulate import random_match


def rolled_as_at_the_table(final: Game) -> bool:
    """Every roll of ``final`` is the one ``Game.roll_dice`` gives at that point."""
    game = Game.new(final.seats, seed=final.state.setup.seed)
    for action in final.state.history():
        if type(action) is Dice and action != game.roll_dice():
            return False
        game = game.apply(action)
    return game.state == final.state


def test_a_tournament_game_rolls_the_games_own_dice_and_times_each_decision() -> None:
    seats = (Seat("A", "easy"), Seat("B", "random"), Seat("C", "medium"))
    bots = [make_bot(seat.bot or "", 5 * 7 + p) for p, seat in enumerate(seats)]
    final, times = play_bots(Game.new(seats, seed=5), bots, lambda p: f"seat {p}")
    assert final.state.is_over() and rolled_as_at_the_table(final)
    decisions = [a for a in final.state.history() if type(a) is not Dice]
    assert sum(len(seat) for seat in times) == len(decisions)
    assert all(t >= 0 for seat in times for t in seat)


def test_simulate_plays_random_bots_with_the_games_own_dice() -> None:
    final = random_match(3, 12)
    assert final.is_over()
    assert rolled_as_at_the_table(Game(tuple(Seat(f"R{p}", "random") for p in range(3)), final))


def test_a_tournament_bot_breaking_a_rule_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    from buttons_game.games.buttons.bots import base

    monkeypatch.setattr(base.RandomBot, "choose", lambda self, state, player=None: Place(0, 9, 9))
    with pytest.raises(IllegalActionError, match="random bot in seat "):
        play_game(("easy", "random"), 3)
