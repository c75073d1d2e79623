"""Finished games played by seeded bots, and the figures a test expects of them, worked
out from the games directly (not through buttons_game.stats)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from buttons_game.core.control import bot_control
from buttons_game.core.match import Match, Scripted
from buttons_game.games.buttons.bots import make_bot
from buttons_game.games.buttons.engine import Dice, GameState, OptOut
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.games.kopf.bots import make_bot as make_kopf_bot
from buttons_game.games.kopf.engine import Move, Pass
from buttons_game.games.kopf.game import KopfGame

DiceSampler = Callable[[Game, random.Random], Dice]


def fair_dice(game: Game, rng: random.Random) -> Dice:
    """The game's own roll: its seed and the number of rolls so far."""
    return game.roll_dice()


def loaded_white(face: int = 6, weight: float = 0.5) -> DiceSampler:
    """Dice whose white die shows ``face`` with probability ``weight`` (fair otherwise);
    the gold and plain dice are fair."""

    def sample(game: Game, rng: random.Random) -> Dice:
        white = face if rng.random() < weight else rng.randint(1, 6)
        plain = tuple(rng.randint(1, 6) for _ in range(game.state.plain_dice_in_hand))
        return Dice(white, rng.randint(1, 6), plain)

    return sample


@dataclass
class Rolled:
    """Every face a test applied, per kind of die."""

    white: Counter[int] = field(default_factory=Counter)
    gold: Counter[int] = field(default_factory=Counter)
    plain: Counter[int] = field(default_factory=Counter)

    def add(self, dice: Dice) -> None:
        self.white[dice.white] += 1
        self.gold[dice.gold] += 1
        self.plain.update(dice.plain)

    def counts(self, kind: str) -> list[int]:
        counter = getattr(self, kind)
        return [counter[face] for face in range(1, 7)]


def play_buttons(
    seats: tuple[Seat, ...],
    seed: int,
    *,
    dice: DiceSampler = fair_dice,
    rolled: Rolled | None = None,
    stop_before_end: int = 0,
) -> Game:
    """A game of BUTTONS played by seeded easy bots in every seat (the seats' labels say
    who sat there); ``stop_before_end`` leaves that many actions unplayed."""
    bots = [bot_control(make_bot("easy", seed * 10 + p)) for p in range(len(seats))]
    rng = random.Random(seed)
    dealt = Scripted(lambda played: dice(played, rng))
    match = Match(Game.new(seats, seed=seed), bots, chance=dealt, strict_bots=True)
    match.run()
    game: Game = match.game
    actions = game.state.history()
    if stop_before_end:
        game = Game.replayed(seats, game.state.setup, actions[:-stop_before_end], game.game_id)
    if rolled is not None:
        for action in game.state.history():
            if isinstance(action, Dice):
                rolled.add(action)
    return game


def play_kopf(seats: tuple[Seat, Seat], seed: int, target: int = 8) -> KopfGame:
    """A game of Kopf oder Knopf played by seeded easy bots on both sides."""
    bots = [bot_control(make_kopf_bot("easy", seed * 10 + p)) for p in range(2)]
    match = Match(KopfGame.new(seats, target=target), bots, strict_bots=True)
    match.run()
    game: KopfGame = match.game
    return game


@dataclass
class Expected:
    """One person's figures in one game, counted the long way."""

    games: int = 0
    wins: int = 0
    draws: int = 0
    vs: Counter[str] = field(default_factory=Counter)
    vs_wins: Counter[str] = field(default_factory=Counter)
    rounds: int = 0
    stars: int = 0
    busts: int = 0
    opt_outs: int = 0
    captures: int = 0
    turns: int = 0


def expect_buttons(game: Game, table: dict[tuple[str, str], Expected]) -> None:
    """Add a finished game of BUTTONS to ``table`` (by game and name in lower case: "anna"
    is Anna) by replaying it move by move."""
    outcome = game.state.outcome()
    assert outcome is not None
    busts: Counter[int] = Counter()
    opt_outs: Counter[int] = Counter()
    state = GameState(game.state.setup)
    for action in game.state.history():
        roller = state.active_player
        if isinstance(action, OptOut):
            opt_outs[roller] += 1
        elif isinstance(action, Dice):
            # The roller busts when no black die's column is free in the white die's row.
            free = state.legal_mask(roller) >> (6 * (action.white - 1))
            if not any(free >> (col - 1) & 1 for col in (action.gold, *action.plain)):
                busts[roller] += 1
        state = state.apply(action)
    levels = {seat.bot for seat in game.seats if seat.bot}
    for p, seat in enumerate(game.seats):
        if seat.bot:
            continue
        row = table.setdefault(("buttons", seat.name.casefold()), Expected())
        won = p in outcome.winners
        row.games += 1
        row.wins += won
        for level in levels:
            row.vs[level] += 1
            row.vs_wins[level] += won
        row.rounds += game.state.round_number
        row.stars += game.state.star_count(p)  # stars are only ever added
        row.busts += busts[p]
        row.opt_outs += opt_outs[p]


def expect_kopf(game: KopfGame, table: dict[tuple[str, str], Expected]) -> None:
    outcome = game.state.outcome()
    assert outcome is not None
    levels = {seat.bot for seat in game.seats if seat.bot}
    moves = sum(1 for a in game.state.history() if isinstance(a, (Move, Pass)))
    for p, seat in enumerate(game.seats):
        if seat.bot:
            continue
        row = table.setdefault(("kopf", seat.name.casefold()), Expected())
        won = outcome.winner == p
        row.games += 1
        row.wins += won
        row.draws += outcome.winner is None
        for level in levels:
            row.vs[level] += 1
            row.vs_wins[level] += won
        row.captures += game.state.captured(p)
        # A win comes at the start of a turn (the strike), so it has one more turn than
        # moves; a draw comes right after the hundredth quiet move.
        row.turns += moves + (outcome.winner is not None)
