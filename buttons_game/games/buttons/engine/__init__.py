"""The rules of BUTTONS as a pure-Python engine. It never imports pygame.

state = new_game(4, seed=1)
state = state.apply(Roll())
state = play_chance(state, random.Random(1))
state.legal_actions()
"""

from __future__ import annotations

from .actions import OPT_OUT, ROLL, Action, Dice, OptOut, Place, PlaceStar, Roll, Skip
from .board import (
    COLOUR_MASKS,
    COLOURS,
    LAYOUT_NAMES,
    LAYOUTS,
    five_in_line_mask,
    five_in_line_spaces,
    has_five_in_line,
    legal_mask,
)
from .chance import (
    bust_fraction,
    bust_probability,
    play_chance,
    random_action,
    random_game,
    sample_dice,
)
from .records import REASON_CODES
from .serialise import (
    ActionFormatError,
    decode_action,
    decode_setup,
    encode_action,
    encode_setup,
    replay,
)
from .setup import SEED_LIMIT, Setup, SetupError, deal_cards, default_layouts, make_setup
from .state import (
    GameState,
    IllegalActionError,
    Outcome,
    Phase,
    Reason,
    RoundScore,
    SeatScore,
    Status,
)


def new_game(
    players: int,
    *,
    layouts: object = None,
    cards: object = None,
    seed: int | None = None,
) -> GameState:
    """A new game for 2-4 players.

    ``layouts``: one name per seat ("1A" ... "4B"), default ``default_layouts``;
    ``cards``: per seat a tuple of card colours, default a random deal;
    ``seed`` makes the random defaults reproducible.
    """
    return GameState(make_setup(players, layouts=layouts, cards=cards, seed=seed))


__all__ = [
    "COLOURS",
    "COLOUR_MASKS",
    "LAYOUTS",
    "LAYOUT_NAMES",
    "OPT_OUT",
    "REASON_CODES",
    "SEED_LIMIT",
    "ROLL",
    "Action",
    "ActionFormatError",
    "Dice",
    "GameState",
    "IllegalActionError",
    "OptOut",
    "Outcome",
    "Phase",
    "Place",
    "PlaceStar",
    "Reason",
    "Roll",
    "RoundScore",
    "SeatScore",
    "Setup",
    "SetupError",
    "Skip",
    "Status",
    "bust_fraction",
    "bust_probability",
    "deal_cards",
    "default_layouts",
    "decode_action",
    "decode_setup",
    "encode_action",
    "encode_setup",
    "five_in_line_mask",
    "five_in_line_spaces",
    "has_five_in_line",
    "legal_mask",
    "make_setup",
    "new_game",
    "play_chance",
    "random_action",
    "random_game",
    "replay",
    "sample_dice",
]
