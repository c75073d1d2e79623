"""BUTTONS as the app's shared code sees it: set-up, save codec, narration, bots, the
figures a finished game adds to the statistics, and a replay's rounds."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from buttons_game.core.control import Thinker
from buttons_game.core.events import Result
from buttons_game.core.kind import GameKind, SeatFigures, StatColumn
from buttons_game.core.notes import Note
from buttons_game.core.seats import Seat
from buttons_game.core.tournament import Tournament

from . import engine
from .engine import Action, Dice, GameState, Phase, Place, PlaceStar, Skip, Status, sample_dice
from .engine.setup import make_setup, seed_problem
from .game import Game

if TYPE_CHECKING:
    from .happened import ButtonsHappened

FACES = 6
# Decisions seats take in any order, each of its own: those after one roll, those at a scoring.
_TOGETHER: dict[type, tuple[type, ...]] = {
    Place: (Place, Skip),
    Skip: (Place, Skip),
    PlaceStar: (PlaceStar,),
}
DIE_KINDS: tuple[str, ...] = ("white", "gold", "plain")


class ButtonsKind(GameKind[GameState, Game]):
    id = "buttons"
    title = "BUTTONS"
    seat_counts = (2, 3, 4)
    game_class = Game
    unit = "round"
    options = ("layouts",)
    figures = ("rounds", "stars", "busts", "opt_outs")
    die_kinds = DIE_KINDS
    stat_columns = (
        StatColumn("rounds", "rounds"),
        StatColumn("stars", "stars"),
        StatColumn("stars_per_round", "stars", per="rounds", head="stars/round"),
        StatColumn("busts", "busts", head="busts"),
        StatColumn("opt_outs", "opt_outs", head="opt-outs"),
    )

    def new_game(self, seats: Sequence[Seat], *, seed: int | None = None, **options: Any) -> Game:
        return Game.new(tuple(seats), seed=seed, layouts=options.get("layouts"))

    def deal(self, setup: Any, seed: int) -> Any:
        """The button cards (and so who starts) dealt from ``seed``; the boards as agreed."""
        return make_setup(setup.players, layouts=setup.layouts, seed=seed)

    # ------------------------------------------------------------------ saves
    def encode_setup(self, setup: Any) -> Any:
        problem = seed_problem(setup.seed)
        if problem:
            raise ValueError(problem)
        return engine.encode_setup(setup)

    def decode_setup(self, data: Any) -> Any:
        return engine.decode_setup(data)

    def encode_action(self, action: Any) -> Any:
        return engine.encode_action(action)

    def decode_action(self, data: Any) -> Any:
        return engine.decode_action(data)

    def setup_problem(self, data: Any) -> str | None:
        return seed_problem(data.get("seed")) if isinstance(data, dict) else None

    def seats_problem(self, seats: int, setup: Any) -> str | None:
        if seats != setup.players:
            return f"{seats} seats for a {setup.players}-player set-up"
        return None

    # ------------------------------------------------------------------ narration
    def deciders(self, state: GameState) -> tuple[int, ...]:
        """The seat holding the dice decides to roll; after a roll (or at a scoring) every
        seat still owing a decision does, in any order."""
        phase = state.phase
        if phase is Phase.TURN:
            return (state.active_player,)
        if phase is Phase.PLACING or phase is Phase.STARS:
            return state.pending_players
        return ()

    def is_chance_action(self, action: Any) -> bool:
        return type(action) is Dice

    def unaffected_by(self, action: Any, since: Sequence[Any]) -> bool:
        """After a roll every seat owing a decision decides on its own board, in any order;
        at a scoring every seat places its own stars: another seat's such decisions change
        nothing of this one's."""
        together = _TOGETHER.get(type(action))
        if together is None:
            return False
        seat = action.player
        return all(type(a) in together and a.player != seat for a in since)

    def chance_action(self, game: Game, draw: int) -> Dice:
        """The ``draw``-th roll of the game, from ``(seed, draw)`` alone (``Game.roll_dice``)."""
        return sample_dice(game.state, game.chance_rng(draw))

    def chance_from(self, state: GameState, rng: random.Random) -> Dice:
        return sample_dice(state, rng)

    def result(self, state: GameState) -> Result | None:
        outcome = state.outcome()
        if outcome is None:
            return None
        return Result(outcome.winners, False, outcome.reason.value)

    def narrate(self, before: GameState, action: Action, after: GameState) -> tuple[Note, ...]:
        from .narration import narrate

        return narrate(before, action, after)

    def happened(self, before: GameState, action: Action, after: GameState) -> ButtonsHappened:
        """The notes, the sound, the seat busted, the round scored and the stars placed."""
        from .happened import happened

        return happened(before, action, after)

    def narrate_history(self, setup: Any, actions: Sequence[Any]) -> list[Note]:
        from .narration import narrate_history

        return narrate_history(setup, actions)

    # ------------------------------------------------------------------ lists, bots
    def progress(self, game: Game) -> int:
        return int(game.state.round_number)

    def make_bot(self, level: str, seed: int | None = None) -> Thinker:
        from .bots import make_bot

        return make_bot(level, seed)

    def tournament(self) -> Tournament:
        from .bots.arena import ButtonsTournament

        return ButtonsTournament()

    # ------------------------------------------------------------------ the coach
    has_review = True

    def review(
        self,
        game: Game,
        seat: int,
        *,
        cancel: Callable[[], bool] | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> Any:
        from .coach import review_game

        return review_game(game, seat, cancel=cancel, progress=progress)

    def review_to_json(self, review: Any) -> dict[str, Any]:
        from .coach import review_to_json

        return review_to_json(review)

    # ------------------------------------------------------------------ statistics
    def seat_figures(self, game: Game) -> tuple[SeatFigures, ...]:
        state = game.state
        result = self.result(state)
        if result is None:
            raise ValueError("only a finished game is counted")
        scores = state.round_scores()
        figures = []
        for p in range(len(game.seats)):
            mine = [score.seats[p] for score in scores]
            counted = (
                ("rounds", len(mine)),
                ("stars", sum(s.total for s in mine)),
                ("busts", sum(1 for s in mine if s.status is Status.BUSTED)),
                ("opt_outs", sum(1 for s in mine if s.status is Status.OPTED_OUT)),
            )
            figures.append(SeatFigures(won=p in result.winners, figures=counted))
        return tuple(figures)

    def chance_counts(self, game: Game) -> Mapping[str, tuple[int, ...]]:
        """How often each face came up on the white, the gold and the plain black dice:
        every die of every roll, except the tutorial's scripted rolls."""
        counts = {kind: [0] * FACES for kind in DIE_KINDS}
        white, gold, plain = counts["white"], counts["gold"], counts["plain"]
        rolls = [action for action in game.state.history() if type(action) is Dice]
        for dice in rolls[_scripted_rolls(game, rolls) :]:
            white[dice.white - 1] += 1
            gold[dice.gold - 1] += 1
            for face in dice.plain:
                plain[face - 1] += 1
        return {kind: tuple(faces) for kind, faces in counts.items()}

    # ------------------------------------------------------------------ replay
    def sections(self, actions: Sequence[Any], states: Sequence[GameState]) -> tuple[int, ...]:
        return tuple(state.round_number for state in states)

    def landmarks(self, actions: Sequence[Any], states: Sequence[GameState]) -> list[int]:
        """The start of each round."""
        rounds = self.sections(actions, states)
        return [n for n in range(1, len(states)) if rounds[n] > rounds[n - 1]]


def _scripted_rolls(game: Game, rolls: list[Dice]) -> int:
    """How many of the first rolls the tutorial chose (none, for any other game)."""
    from . import tutorial

    scripted = tutorial.DICE
    if game.state.setup != tutorial.setup() or tuple(rolls[: len(scripted)]) != scripted:
        return 0
    return len(scripted)


KIND = ButtonsKind()
