"""The coach: how many expected stars of the round a seat's decisions left on the table.

Every decision is judged with the figures a hint would have shown at that moment
(``bots.hint.round_values``: the solo-round search, valuing a round by its stars
alone), computed from the state before the action, so nothing depends on dice
rolled later. "Best" is the choice with the most expected stars of this round,
which can differ from the hard bot's choice when the game situation (a line of
five, an opponent about to win) calls for something else.

- Roll or opt out: the expected stars from rolling on and from opting out now, and
  the exact chance of busting if the seat rolled.
- A placement (the active seat's, or the optional one on the gold space, where
  "skip" is a choice too): the expected stars after each legal space.

Left out: moves without a choice (the first roll of a round, a placement with a
single legal space, a bust) and star placement. Where the earned stars go does not
change this round's stars, and there is no expected-stars figure for it (the bots
place stars by a plan for lines), so there is nothing to compare.

The search is exact once 14 or fewer spaces are open and looks a few rolls ahead
on an open board (``Decision.exact`` says which); like every solo-round figure,
it leaves out the dice passing to other seats and their rolls' gold space.
Pure: never imports pygame or the translations.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from .bots.hard import HardBot
from .bots.hint import plain_solver, round_values
from .bots.solver import SoloSolver
from .bots.view import SeatView
from .engine import (
    OPT_OUT,
    ROLL,
    Action,
    GameState,
    OptOut,
    Phase,
    Place,
    Roll,
    Skip,
    bust_probability,
)
from .game import Game

TOLERANCE = 1e-9
"""Figures this close count as equal: a choice this close to the best is a best choice."""
KINDS: tuple[str, ...] = ("roll", "opt_out", "place")
JSON_DIGITS = 6
CHECK_EVERY = 256  # actions replayed between two looks at ``cancel``
_SOLVERS = 4


def describe(action: Action) -> str:
    """A choice as the review names it: "roll", "opt_out", "skip" or a space "(row, col)"."""
    if isinstance(action, Roll):
        return "roll"
    if isinstance(action, OptOut):
        return "opt_out"
    if isinstance(action, Skip):
        return "skip"
    if isinstance(action, Place):
        return f"({action.row}, {action.col})"
    raise ValueError(f"{action!r} is not a choice the coach reviews")


@dataclass(frozen=True)
class Decision:
    """One decision of ``seat``: what it chose, the best choice, and their expected stars.

    ``kind`` is "roll" or "opt_out" (what the seat chose at its turn) or "place";
    ``bust_probability`` (turns only, else None) is the exact chance of busting by
    rolling then; ``index`` is the action's place in the game's history.
    """

    kind: str
    chosen: str
    best: str
    expected_chosen: float
    expected_best: float
    bust_probability: float | None
    round: int
    seat: int
    index: int
    exact: bool
    # roll or opt out only: the expected stars of each (the choice made and the other)
    expected_roll: float | None = None
    expected_opt_out: float | None = None

    @property
    def matched(self) -> bool:
        """The seat made the best choice (or one within ``TOLERANCE`` of it)."""
        return self.chosen == self.best or self.expected_best - self.expected_chosen <= TOLERANCE

    @property
    def stars_left(self) -> float:
        """Expected stars of the round given away: best minus chosen, never below 0."""
        return 0.0 if self.matched else max(0.0, self.expected_best - self.expected_chosen)


@dataclass(frozen=True)
class RoundReview:
    """A seat's decisions in one round, in play order, and the expected stars they left."""

    round: int
    decisions: tuple[Decision, ...]
    stars_left: float

    @classmethod
    def of(cls, round_number: int, decisions: Iterable[Decision]) -> RoundReview:
        found = tuple(decisions)
        return cls(round_number, found, sum(d.stars_left for d in found))


@dataclass(frozen=True)
class SeatReview:
    """A seat's whole game: its rounds, all its decisions and the best ones among them."""

    seat: int
    name: str
    rounds: tuple[RoundReview, ...]
    stars_left: float
    matched: tuple[Decision, ...]
    decisions: tuple[Decision, ...]
    bot: str | None = None

    @property
    def worst_round(self) -> RoundReview | None:
        """The round that left the most expected stars (the first of equals); None if none did."""
        worst = max(self.rounds, key=lambda r: r.stars_left, default=None)
        return worst if worst is not None and worst.stars_left > 0 else None


def costliest_first(decisions: Iterable[Decision]) -> list[Decision]:
    """The decisions sorted by the stars they left, most first (play order among equals)."""
    return sorted(decisions, key=lambda d: -d.stars_left)


class Cancelled(Exception):
    """A review was stopped before its end (``cancel`` said so)."""


Progress = Callable[[int, int], None]
"""Told (actions replayed, actions in all) as a review goes on."""


def review_game(
    game: Game,
    seat: int,
    *,
    cancel: Callable[[], bool] | None = None,
    progress: Progress | None = None,
) -> SeatReview:
    """Review every round of ``seat`` (numbered from 0) in ``game``, played or under way.

    ``cancel`` is asked before every decision judged and every ``CHECK_EVERY`` actions
    replayed: once it says True, Cancelled is raised. ``progress`` is told how far the
    review is, at the same moments."""
    found = _review(game, seat, None, cancel, progress)
    rounds = tuple(
        RoundReview.of(r, (d for d in found if d.round == r))
        for r in range(1, game.state.round_number + 1)
    )
    decisions = tuple(found)
    return SeatReview(
        seat=seat,
        name=game.seat_name(seat),
        rounds=rounds,
        stars_left=sum(r.stars_left for r in rounds),
        matched=tuple(d for d in decisions if d.matched),
        decisions=decisions,
        bot=game.seats[seat].bot,
    )


def review_round(
    game: Game, seat: int, round_number: int, *, cancel: Callable[[], bool] | None = None
) -> RoundReview:
    """Review ``seat``'s decisions in one round (the decisions so far if it is under way);
    ``cancel`` as for ``review_game``."""
    if not 1 <= round_number <= game.state.round_number:
        raise ValueError(
            f"round {round_number} has not been played: the game is in round "
            f"{game.state.round_number}"
        )
    return RoundReview.of(round_number, _review(game, seat, round_number, cancel))


def review_to_json(review: SeatReview) -> dict[str, Any]:
    """``review`` as plain JSON values (figures rounded to ``JSON_DIGITS`` places)."""
    worst = review.worst_round
    return {
        "seat": review.seat,
        "name": review.name,
        "bot": review.bot,
        "stars_left": _figure(review.stars_left),
        "decisions": len(review.decisions),
        "matched": len(review.matched),
        "worst_round": None if worst is None else worst.round,
        "rounds": [round_to_json(r) for r in review.rounds],
    }


def round_to_json(review: RoundReview) -> dict[str, Any]:
    return {
        "round": review.round,
        "stars_left": _figure(review.stars_left),
        "decisions": [decision_to_json(d) for d in review.decisions],
    }


def decision_to_json(decision: Decision) -> dict[str, Any]:
    bust = decision.bust_probability
    return {
        "kind": decision.kind,
        "chosen": decision.chosen,
        "best": decision.best,
        "expected_chosen": _figure(decision.expected_chosen),
        "expected_best": _figure(decision.expected_best),
        "stars_left": _figure(decision.stars_left),
        "matched": decision.matched,
        "bust_probability": None if bust is None else _figure(bust),
        "exact": decision.exact,
        "index": decision.index,
    } | (
        {}
        if decision.expected_roll is None or decision.expected_opt_out is None
        else {
            "expected_roll": _figure(decision.expected_roll),
            "expected_opt_out": _figure(decision.expected_opt_out),
        }
    )


def _figure(value: float) -> float:
    return round(value, JSON_DIGITS) + 0.0  # + 0.0 turns -0.0 into 0.0


# ------------------------------------------------------------------ the walk


def _review(
    game: Game,
    seat: int,
    round_number: int | None,
    cancel: Callable[[], bool] | None = None,
    progress: Progress | None = None,
) -> list[Decision]:
    """Replay ``game`` and judge ``seat``'s decisions (of one round, or all)."""
    if getattr(game, "kind", None) != Game.kind:
        raise ValueError("the coach reviews BUTTONS games only")
    final = game.state
    if not 0 <= seat < final.players:
        raise ValueError(f"seat {seat} is not in this {final.players}-player game")
    coach = _Coach(seat)
    found = []
    state = GameState(final.setup)
    history = final.history()
    for index, action in enumerate(history):
        if (round_number is None or state.round_number == round_number) and _is_decision(
            state, seat, action
        ):
            _check(cancel, progress, index, len(history))
            found.append(coach.judge(state, action, index))
        elif index % CHECK_EVERY == 0:
            _check(cancel, progress, index, len(history))
        state = state.apply(action)
    if state != final:
        raise ValueError("the game's state does not follow from its history")
    return found


def _check(
    cancel: Callable[[], bool] | None, progress: Progress | None, done: int, total: int
) -> None:
    if cancel is not None and cancel():
        raise Cancelled(f"the review was stopped after {done} of {total} actions")
    if progress is not None:
        progress(done, total)


def _is_decision(state: GameState, seat: int, action: Action) -> bool:
    """``action`` is ``seat``'s choice among two or more (star placement aside)."""
    phase = state.phase
    if phase is Phase.TURN:
        return state.active_player == seat and state.button_mask(seat) != 0
    if phase is Phase.PLACING:
        return (
            isinstance(action, (Place, Skip))
            and action.player == seat
            and len(state.legal_actions(seat)) > 1
        )
    return False


class _Coach:
    """Judges one seat's decisions, keeping the solved positions of recent boards and dice."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.bot = HardBot(0)  # only its search depth is used, as the hint's
        self._solvers: OrderedDict[tuple[Any, ...], SoloSolver] = OrderedDict()

    def judge(self, state: GameState, action: Action, index: int) -> Decision:
        seat = self.seat
        values = round_values(state, seat, self.bot, self._solver(SeatView.of(state, seat)))
        options: tuple[tuple[Action, float], ...]
        if state.phase is Phase.TURN:
            assert values.roll_value is not None and values.stop_value is not None
            options = ((ROLL, values.roll_value), (OPT_OUT, values.stop_value))
            bust: float | None = bust_probability(state, seat)
            kind = "roll" if isinstance(action, Roll) else "opt_out"
        else:
            options = values.options
            bust = None
            kind = "place"
        chosen_value = next(v for a, v in options if a == action)
        best, best_value = max(options, key=lambda option: option[1])
        if chosen_value >= best_value - TOLERANCE:
            best, best_value = action, chosen_value
        return Decision(
            kind=kind,
            chosen=describe(action),
            best=describe(best),
            expected_chosen=chosen_value,
            expected_best=best_value,
            bust_probability=bust,
            round=state.round_number,
            seat=seat,
            index=index,
            exact=values.exact,
            expected_roll=values.roll_value if kind != "place" else None,
            expected_opt_out=values.stop_value if kind != "place" else None,
        )

    def _solver(self, view: SeatView) -> SoloSolver:
        key = (view.stars, view.colour_masks, view.held, view.black_dice)
        solver = self._solvers.get(key)
        if solver is None:
            solver = self._solvers[key] = plain_solver(view)
            if len(self._solvers) > _SOLVERS:
                self._solvers.popitem(last=False)
        else:
            self._solvers.move_to_end(key)
        return solver
