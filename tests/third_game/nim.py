"""A third game, for tests only: Nim. Take 1 to 3 counters from one heap; who takes the
last wins. No dice, no coach, two seats, counted in turns. Registered on import, with no
change to any shared file: the services must handle it through its kind alone."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from buttons_game.core import Game, GameKind, Note, RulesError, SeatFigures, register
from buttons_game.core.events import Result


@dataclass(frozen=True)
class Take:
    count: int


@dataclass(frozen=True)
class NimState:
    setup: int  # the heap at the start
    heap: int
    to_move: int = 0
    taken: tuple[Take, ...] = ()

    @property
    def current_player(self) -> int | None:
        return None if self.is_over() else self.to_move

    def legal_actions(self, player: int | None = None) -> list[Take]:
        if player is not None and player != self.current_player:
            return []
        return [Take(n) for n in (1, 2, 3) if n <= self.heap]

    def is_chance_node(self) -> bool:
        return False

    def chance_outcomes(self) -> list[tuple[Take, float]]:
        return []

    def problem(self, action: Any) -> RulesError | None:
        if action not in self.legal_actions():
            return RulesError(f"cannot take {action!r} from {self.heap}", code="nim_take")
        return None

    def apply(self, action: Any) -> NimState:
        problem = self.problem(action)
        if problem is not None:
            raise problem
        heap = self.heap - action.count
        return replace(self, heap=heap, to_move=1 - self.to_move, taken=(*self.taken, action))

    def is_over(self) -> bool:
        return self.heap == 0

    def outcome(self) -> int | None:
        """The winner: who took the last counter."""
        return 1 - self.to_move if self.is_over() else None

    def history(self) -> list[Take]:
        return list(self.taken)


@dataclass(frozen=True)
class NimGame(Game[NimState]):
    kind: ClassVar[str] = "nim"

    @classmethod
    def start_state(cls, setup: int) -> NimState:
        return NimState(setup, setup)

    def actor(self, before: NimState, action: Any) -> int:
        return before.to_move

    def _stack_after(self, before: NimState, action: Any, after: NimState, actor: Any) -> Any:
        return (*self.undo_stack, (actor, before))

    def _undo_entry(self, people: Any) -> int | None:
        """A person's latest take (and the bots' replies after it)."""
        takes = [n for n, (seat, _) in enumerate(self.undo_stack) if seat in people]
        return takes[-1] if takes else None


class RandomBot:
    def __init__(self, seed: int | None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: NimState, player: int | None = None) -> Take:
        return self.rng.choice(state.legal_actions())


class NimKind(GameKind):
    id, title, seat_counts, game_class, unit = "nim", "Nim", (2,), NimGame, "turn"
    figures = ("takes",)

    def new_game(self, seats: Any, *, seed: int | None = None, **options: Any) -> NimGame:
        return NimGame(tuple(seats), NimState(7, 7))

    def encode_setup(self, setup: Any) -> Any:
        return {"heap": setup}

    def decode_setup(self, data: Any) -> Any:
        if not isinstance(data, dict) or type(data.get("heap")) is not int or data["heap"] < 1:
            raise ValueError(f"a heap of at least 1: {data!r}")
        return data["heap"]

    def encode_action(self, action: Any) -> Any:
        return {"take": action.count}

    def decode_action(self, data: Any) -> Any:
        if not isinstance(data, dict) or type(data.get("take")) is not int:
            raise ValueError(f"not a take: {data!r}")
        return Take(data["take"])

    def narrate(self, before: Any, action: Any, after: Any) -> tuple[Note, ...]:
        return (Note("nim_take", "plain", (("name", before.to_move),), (("count", action.count),)),)

    def result(self, state: NimState) -> Result | None:
        winner = state.outcome()
        return None if winner is None else Result((winner,), False, "last_counter")

    def progress(self, game: Any) -> int:
        return len(game.state.taken) + (0 if game.state.is_over() else 1)

    def make_bot(self, level: str, seed: int | None = None) -> Any:
        return RandomBot(seed)

    def seat_figures(self, game: Any) -> tuple[SeatFigures, ...]:
        takes = [len(game.state.taken[p::2]) for p in (0, 1)]
        return tuple(
            SeatFigures(won=game.state.outcome() == p, figures=(("takes", takes[p]),))
            for p in (0, 1)
        )

    def sections(self, actions: Any, states: Any) -> tuple[int, ...]:
        return tuple(range(1, len(states) + 1))


KIND = register(NimKind())


def played(seats: tuple[Any, ...], seed: int, moves: int | None = None) -> NimGame:
    """A game of random takes, ``moves`` long (None: to its end)."""
    game, bot = KIND.new_game(seats), RandomBot(seed)
    while not game.state.is_over() and (moves is None or len(game.state.taken) < moves):
        game = game.apply(bot.choose(game.state))
    return game
