"""The small values a game state is made of and reports: statuses, phases, scores, outcome."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from buttons_game.core.errors import RulesError

REASON_CODES: tuple[str, ...] = (
    "game_over",
    "dice_expected",
    "no_roll_waiting",
    "must_roll_or_opt_out",
    "opt_out_needs_button",
    "stars_first",
    "not_now",
    "no_such_seat",
    "no_decision",
    "not_a_space",
    "star_needs_button",
    "stars_at_round_end",
    "must_place",
    "wrong_row",
    "not_rolled",
    "gold_only",
    "holds_button",
    "holds_star",
    "next_to_button",
    "bad_dice",
)
"""Every ``IllegalActionError.code``: stable keys the UI translates (``reason.<code>``)."""


class IllegalActionError(RulesError):
    """An action that the rules of BUTTONS do not allow in this state.

    ``code`` is one of ``REASON_CODES``; ``details`` give the seat, row, col ...
    """


class Status(str, Enum):
    """Where a seat stands in the current round."""

    IN_ROUND = "in_round"
    OPTED_OUT = "opted_out"
    BUSTED = "busted"


class Phase(str, Enum):
    TURN = "turn"  # the active player chooses Roll or OptOut
    ROLLING = "rolling"  # chance node: the dice are in the air
    PLACING = "placing"  # seats decide on their placements for this roll
    STARS = "stars"  # seats that opted out put their earned stars
    OVER = "over"


class Reason(str, Enum):
    FIVE_IN_LINE = "five_in_line"
    TWELVE_STARS = "twelve_stars"


@dataclass(frozen=True)
class Outcome:
    """How the game ended.

    ``enders`` reached 5 in a line or 12 stars; ``candidates`` are the seats the
    winner was chosen from (the enders with 5 in a line, or else every seat);
    ``winners`` are those of them with the most stars (several on a tie).
    """

    winners: tuple[int, ...]
    reason: Reason
    enders: tuple[int, ...]
    candidates: tuple[int, ...]
    star_counts: tuple[int, ...]

    @property
    def decided_by_star_count(self) -> bool:
        """True when more than one seat could win and the star count chose."""
        return len(self.candidates) > 1

    @property
    def shared(self) -> bool:
        return len(self.winners) > 1


@dataclass(frozen=True)
class SeatScore:
    """One seat's scoring at the end of a round."""

    status: Status
    opt_out_star: int
    colours: tuple[str, ...]  # colours covered by >= 3 of the seat's buttons
    card_bonus: tuple[str, ...]  # held card colours among ``colours``
    buttons: int

    @property
    def total(self) -> int:
        return self.opt_out_star + len(self.colours) + len(self.card_bonus)


@dataclass(frozen=True)
class RoundScore:
    round_number: int
    seats: tuple[SeatScore, ...]
    cards: tuple[tuple[str, ...], ...]  # who held which card this round
