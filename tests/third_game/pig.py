"""A game with dice, for tests only: Pig. On your turn roll the die as often as you like:
a 1 loses the turn's total and passes the turn; hold to bank the turn's total and pass.
The first to the target (30) wins. Two seats, counted in turns; the die is a chance node
(faces 1 to 6, 1/6 each) drawn from the game's own seeded stream. Registered only by its
tests, with no change to any shared file: the services handle it through its kind alone."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from buttons_game.core import Game, GameKind, Note, RulesError, SeatFigures, register
from buttons_game.core.events import Result

TARGET = 30
FACES = 6


@dataclass(frozen=True)
class Roll:
    """Roll the die (a decision: the face is chance's)."""


@dataclass(frozen=True)
class Hold:
    """Bank the turn's total and pass the turn."""


@dataclass(frozen=True)
class Die:
    """The face the die shows (a chance outcome)."""

    face: int


ROLL, HOLD = Roll(), Hold()


@dataclass(frozen=True)
class PigSetup:
    target: int = TARGET
    seed: int | None = None  # the die's stream (``Game.chance_rng``)


@dataclass(frozen=True)
class PigState:
    setup: PigSetup
    scores: tuple[int, int] = (0, 0)
    to_move: int = 0
    turn_total: int = 0
    rolling: bool = False  # a Roll waits for its face
    turn: int = 1
    actions: tuple[Any, ...] = ()

    @property
    def current_player(self) -> int | None:
        return None if self.is_over() or self.rolling else self.to_move

    def legal_actions(self, player: int | None = None) -> list[Any]:
        if self.current_player is None or player not in (None, self.to_move):
            return []
        return [ROLL, HOLD] if self.turn_total else [ROLL]

    def is_chance_node(self) -> bool:
        return self.rolling and not self.is_over()

    def chance_outcomes(self) -> list[tuple[Die, float]]:
        if not self.is_chance_node():
            return []
        return [(Die(face), 1 / FACES) for face in range(1, FACES + 1)]

    def problem(self, action: Any) -> RulesError | None:
        if self.is_over():
            return RulesError("the game is over", code="game_over")
        if self.rolling:
            if type(action) is not Die or type(action.face) is not int:
                return RulesError(f"the die is rolling, not {action!r}", code="die_expected")
            if not 1 <= action.face <= FACES:
                return RulesError(f"a die shows 1 to 6, not {action.face}", code="bad_die")
            return None
        if action not in self.legal_actions():
            return RulesError(f"{action!r} is not legal now", code="pig_not_now")
        return None

    def apply(self, action: Any) -> PigState:
        problem = self.problem(action)
        if problem is not None:
            raise problem
        done = (*self.actions, action)
        if type(action) is Roll:
            return replace(self, rolling=True, actions=done)
        if type(action) is Die:
            if action.face == 1:  # the turn's total is lost
                return self._passed(self.scores, done)
            return replace(self, rolling=False, turn_total=self.turn_total + action.face,
                           actions=done)  # fmt: skip
        scores = list(self.scores)
        scores[self.to_move] += self.turn_total
        return self._passed((scores[0], scores[1]), done)

    def _passed(self, scores: tuple[int, int], done: tuple[Any, ...]) -> PigState:
        if max(scores) >= self.setup.target:  # the game ends with its winner to move
            return replace(self, scores=scores, turn_total=0, rolling=False, actions=done)
        return replace(self, scores=scores, to_move=1 - self.to_move, turn_total=0,
                       rolling=False, turn=self.turn + 1, actions=done)  # fmt: skip

    def is_over(self) -> bool:
        return max(self.scores) >= self.setup.target

    def outcome(self) -> int | None:
        """The winner: the first to the target."""
        return self.to_move if self.is_over() else None

    def history(self) -> list[Any]:
        return list(self.actions)


@dataclass(frozen=True)
class PigGame(Game[PigState]):
    """The die is never taken back: Pig has no undo."""

    kind: ClassVar[str] = "pig"
    chance_key: ClassVar[str] = "pig-die"
    nothing_to_undo: ClassVar[str] = "a roll of the die is never taken back"

    @classmethod
    def start_state(cls, setup: PigSetup) -> PigState:
        return PigState(setup)

    def actor(self, before: PigState, action: Any) -> int | None:
        return None if type(action) is Die else before.to_move

    def _stack_after(self, before: PigState, action: Any, after: PigState, actor: Any) -> Any:
        return ()

    def _undo_entry(self, people: Any) -> int | None:
        return None


class PigBot:
    """Random: a random legal action; a level: holds once the turn's total reaches its
    threshold (easy 10, medium 15, hard 20) or would win."""

    HOLD_AT: ClassVar[dict[str, int]] = {"easy": 10, "medium": 15, "hard": 20}

    def __init__(self, level: str, seed: int | None) -> None:
        self.level = level
        self.rng = random.Random(seed)

    def choose(self, state: PigState, player: int | None = None) -> Any:
        actions = state.legal_actions(player)
        if not actions:
            raise ValueError(f"seat {player} has no decision now")
        if self.level == "random":
            return self.rng.choice(actions)
        banked = state.scores[state.to_move] + state.turn_total
        enough = state.turn_total >= self.HOLD_AT[self.level] or banked >= state.setup.target
        return HOLD if enough and HOLD in actions else ROLL


class PigKind(GameKind):
    id, title, seat_counts, game_class, unit = "pig", "Pig", (2,), PigGame, "turn"
    log_section = "pig_log"  # no language file has it: the log reads its keys
    figures = ("rolls", "ones")
    die_kinds = ("die",)

    def new_game(self, seats: Any, *, seed: int | None = None, **options: Any) -> PigGame:
        return PigGame(tuple(seats), PigState(PigSetup(TARGET, seed)))

    def encode_setup(self, setup: Any) -> Any:
        return {"target": setup.target, "seed": setup.seed}

    def decode_setup(self, data: Any) -> Any:
        if not isinstance(data, dict) or type(data.get("target")) is not int:
            raise ValueError(f"a target: {data!r}")
        seed = data.get("seed")
        if data["target"] < 1 or not (seed is None or type(seed) is int):
            raise ValueError(f"a target of at least 1 and a whole seed: {data!r}")
        return PigSetup(data["target"], seed)

    def encode_action(self, action: Any) -> Any:
        return {"die": action.face} if type(action) is Die else type(action).__name__.lower()

    def decode_action(self, data: Any) -> Any:
        if data == "roll":
            return ROLL
        if data == "hold":
            return HOLD
        if isinstance(data, dict) and type(data.get("die")) is int:
            return Die(data["die"])
        raise ValueError(f"not an action of Pig: {data!r}")

    def is_chance_action(self, action: Any) -> bool:
        return type(action) is Die

    def action_label(self, action: Any) -> str:
        return "Roll" if type(action) is Roll else "Hold"

    def narrate(self, before: Any, action: Any, after: Any) -> tuple[Note, ...]:
        seat = (("name", before.to_move),)
        if type(action) is Roll:
            return (Note("rolls", "plain", seat),)
        if type(action) is Die:
            if action.face == 1:
                return (Note("rolls_a_one", "bad", seat, (("face", 1),)),)
            return (Note("die", "roll", seat, (("face", action.face),
                                                    ("turn", after.turn_total))),)  # fmt: skip
        banked = after.scores[before.to_move]
        return (Note("holds", "good", seat, (("count", before.turn_total), ("score", banked))),)

    def result(self, state: PigState) -> Result | None:
        winner = state.outcome()
        return None if winner is None else Result((winner,), False, "target_reached")

    def progress(self, game: Any) -> int:
        return int(game.state.turn)

    def make_bot(self, level: str, seed: int | None = None) -> Any:
        return PigBot(level, seed)

    def seat_figures(self, game: Any) -> tuple[SeatFigures, ...]:
        state: PigState = game.state
        if not state.is_over():
            raise ValueError("only a finished game is counted")
        rolls, ones = [0, 0], [0, 0]
        for before, action in _states(state):
            if type(action) is Roll:
                rolls[before.to_move] += 1
            elif type(action) is Die and action.face == 1:
                ones[before.to_move] += 1
        return tuple(
            SeatFigures(won=state.outcome() == p, figures=(("rolls", rolls[p]), ("ones", ones[p])))
            for p in (0, 1)
        )

    def chance_counts(self, game: Any) -> dict[str, tuple[int, ...]]:
        faces = [0] * FACES
        for action in game.state.history():
            if type(action) is Die:
                faces[action.face - 1] += 1
        return {"die": tuple(faces)}

    def sections(self, actions: Any, states: Any) -> tuple[int, ...]:
        return tuple(state.turn for state in states)

    def landmarks(self, actions: Any, states: Any) -> list[int]:
        """The start of each turn."""
        return [n for n in range(1, len(states)) if states[n].turn > states[n - 1].turn]


def _states(final: PigState) -> list[tuple[PigState, Any]]:
    """Each state of the game with the action applied to it."""
    state, pairs = PigState(final.setup), []
    for action in final.actions:
        pairs.append((state, action))
        state = state.apply(action)
    return pairs


KIND = register(PigKind())


def played(seats: tuple[Any, ...], seed: int, actions: int | None = None) -> PigGame:
    """A game of bots of ``seats``' levels (a person's seat: a random bot), its die from
    ``seed``, played on a ``Match`` for ``actions`` actions (None: to its end)."""
    from buttons_game.core.control import bot_control
    from buttons_game.core.match import Match

    game = KIND.new_game(seats, seed=seed)
    bots = [
        bot_control(PigBot(seat.bot or "random", seed * 10 + p)) for p, seat in enumerate(seats)
    ]
    match = Match(game, bots, kind=KIND, strict_bots=True)
    match.run(actions)
    result: PigGame = match.game
    return result
