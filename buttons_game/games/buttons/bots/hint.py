"""Hints for human seats: what the hard bot would do, and the numbers behind it.

Structured data only; the GUI words it in the player's language.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Action, GameState, Phase, PlaceStar, bust_probability
from .base import decider
from .hard import HardBot
from .solver import SoloSolver
from .stars import target_line
from .view import SeatView, place_action, placement_choices, skip_action


@dataclass(frozen=True)
class Hint:
    """The hard bot's advice for ``player``'s decision now.

    ``bust_probability`` is exact: the chance of busting if the seat rolled now with
    the dice in hand. ``roll_value`` and ``stop_value`` (roll-or-opt-out turns only)
    are the expected stars of this round from rolling on or from opting out now;
    ``stop_value`` is None when opting out is not allowed (no button yet).
    ``options`` (placements only) gives each legal placement with its expected stars.
    The action can differ from the larger expected-stars figure when the game
    situation (a line of five, an opponent about to win) calls for it.
    """

    player: int
    phase: Phase
    action: Action
    bust_probability: float
    roll_value: float | None = None
    stop_value: float | None = None
    options: tuple[tuple[Action, float], ...] = ()
    stars_now: int = 0  # stars earned if the seat opted out with its buttons now
    line_target: int = 0  # the line of five being built (a mask), 0 if none: see ``built_line``


def hint(state: GameState, player: int | None = None, bot: HardBot | None = None) -> Hint:
    """Advice for ``player`` (default: the current player), who must have a decision now.

    Pass the same ``bot`` again to reuse its search between hints.
    """
    p = decider(state, player)
    if state.phase not in (Phase.TURN, Phase.PLACING, Phase.STARS) or not state.legal_actions(p):
        raise ValueError(f"seat {p} has no decision to make now")
    bot = bot or HardBot(0)
    action = bot.choose(state, p)
    view = SeatView.of(state, p)
    values = round_values(state, p, bot)
    return Hint(
        player=p,
        phase=state.phase,
        action=action,
        bust_probability=bust_probability(state, p),
        roll_value=values.roll_value,
        stop_value=values.stop_value,
        options=values.options,
        stars_now=view.score(),
        line_target=built_line(view.stars, action),
    )


@dataclass(frozen=True)
class RoundValues:
    """Expected stars of this round for a seat's decision now, as ``Hint`` gives them.

    ``exact`` is False when the search stopped a few rolls deep (an open board):
    its leaves count as opting out, so the figures are then slightly low.
    """

    roll_value: float | None = None
    stop_value: float | None = None
    options: tuple[tuple[Action, float], ...] = ()
    exact: bool = True


def plain_solver(view: SeatView) -> SoloSolver:
    """The solo-round search valuing a round by its stars alone, for ``view``'s board and dice."""
    return SoloSolver(view.stars, view.colour_masks, view.held, view.black_dice)


def round_values(
    state: GameState,
    player: int,
    bot: HardBot | None = None,
    solver: SoloSolver | None = None,
) -> RoundValues:
    """The hint's figures for ``player``'s roll-or-opt-out or placement now (none otherwise).

    The search goes as deep as ``bot`` (default: a hard bot) would. Pass a ``solver`` made
    by ``plain_solver`` for this seat's board and dice to reuse its solved positions.
    """
    view = SeatView.of(state, player)
    plain = solver or plain_solver(view)
    if (plain.stars, plain.colour_masks, plain.weights, plain.black_dice) != (
        view.stars,
        view.colour_masks,
        view.weights,
        view.black_dice,
    ):
        raise ValueError("the solver was made for another board or number of dice")
    depth = (bot or HardBot(0)).search_depth(view)
    after = None if depth is None else depth - 1
    if state.phase is Phase.TURN and state.active_player == player:
        roll = plain.roll_value(view.buttons, depth)
        stop = float(view.score()) if view.buttons else None
        return RoundValues(roll, stop, exact=depth is None)
    if state.phase is Phase.PLACING:
        spaces, can_skip = placement_choices(state, player)
        values = plain.placement_values(view.buttons, spaces, after)
        options = tuple((place_action(player, s), v) for s, v in zip(spaces, values))
        if can_skip:
            options += ((skip_action(player), plain.estimate(view.buttons, after)),)
        return RoundValues(options=options, exact=depth is None)
    return RoundValues()


def built_line(stars: int, action: Action) -> int:
    """The line of five the advice builds toward: for a star, the line it lengthens (if it
    then holds at least two stars), else the seat's best line once it holds two or more."""
    if isinstance(action, PlaceStar):
        space = 1 << ((action.row - 1) * 6 + action.col - 1)
        line = target_line(stars | space)
        return line if line & space and (line & (stars | space)).bit_count() >= 2 else 0
    line = target_line(stars)
    return line if (line & stars).bit_count() >= 2 else 0
