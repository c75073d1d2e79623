"""Hints for human seats: what the hard bot would do, and the numbers behind it.

Structured data only; the GUI words it in the player's language.
"""

from __future__ import annotations

from dataclasses import dataclass

from buttons_game.engine import Action, GameState, Phase, PlaceStar, bust_probability

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
    plain = SoloSolver(view.stars, view.colour_masks, view.held, view.black_dice)
    depth = bot.search_depth(view)
    after = None if depth is None else depth - 1
    roll = stop = None
    options: tuple[tuple[Action, float], ...] = ()
    if state.phase is Phase.TURN:
        roll = plain.roll_value(view.buttons, depth)
        stop = float(view.score()) if view.buttons else None
    elif state.phase is Phase.PLACING:
        spaces, can_skip = placement_choices(state, p)
        values = plain.placement_values(view.buttons, spaces, after)
        options = tuple((place_action(p, s), v) for s, v in zip(spaces, values))
        if can_skip:
            options += ((skip_action(p), plain.estimate(view.buttons, after)),)
    return Hint(
        player=p,
        phase=state.phase,
        action=action,
        bust_probability=bust_probability(state, p),
        roll_value=roll,
        stop_value=stop,
        options=options,
        stars_now=view.score(),
        line_target=built_line(view.stars, action),
    )


def built_line(stars: int, action: Action) -> int:
    """The line of five the advice builds toward: for a star, the line it lengthens (if it
    then holds at least two stars), else the seat's best line once it holds two or more."""
    if isinstance(action, PlaceStar):
        space = 1 << ((action.row - 1) * 6 + action.col - 1)
        line = target_line(stars | space)
        return line if line & space and (line & (stars | space)).bit_count() >= 2 else 0
    line = target_line(stars)
    return line if (line & stars).bit_count() >= 2 else 0
