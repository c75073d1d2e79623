"""The game state: an immutable value that knows its own moves.

``apply`` is the checked way in (people, files): it raises
``IllegalActionError`` naming what is wrong. ``apply_unchecked`` is the fast
way in for bots and simulations that only ever pass legal actions. Both return
a new state and leave the old one untouched.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement
from math import factorial
from typing import Any

from .actions import (
    OPT_OUT,
    PLACES,
    ROLL,
    SKIPS,
    STARS,
    Action,
    Dice,
    Place,
    PlaceStar,
    Roll,
)
from .board import (
    COLOUR_MASKS,
    COLOURS,
    FULL,
    bit,
    five_in_line_spaces,
    has_five_in_line,
    iter_spaces,
    legal_mask,
    spaces,
)
from .checks import _problem
from .records import (
    IllegalActionError,
    Outcome,
    Phase,
    Reason,
    RoundScore,
    SeatScore,
    Status,
)
from .setup import Setup

_EMPTY: tuple[int, ...] = ()


@cache
def _outcomes(plain_count: int) -> list[tuple[Dice, float]]:
    """Every roll of W, G and ``plain_count`` plain dice, each multiset once."""
    result = []
    denominator = 6 ** (plain_count + 2)
    for plain in combinations_with_replacement(range(1, 7), plain_count):
        ways = factorial(plain_count)
        for v in set(plain):
            ways //= factorial(plain.count(v))
        for w in range(1, 7):
            for g in range(1, 7):
                result.append((Dice(w, g, plain), ways / denominator))
    return result


class GameState:
    """One moment of a game of BUTTONS. Immutable; seats are numbered from 0."""

    __slots__ = (
        "_setup",
        "_masks",
        "_buttons",
        "_stars",
        "_depot",
        "_faces",
        "_status",
        "_cards",
        "_active",
        "_phase",
        "_dice",
        "_pending",
        "_due",
        "_round",
        "_outcome",
        "_scores",
        "_history",
    )

    _setup: Setup
    _masks: tuple[tuple[int, ...], ...]
    _buttons: tuple[int, ...]
    _stars: tuple[int, ...]
    _depot: tuple[int, ...]
    # (the last roll, the plain faces in hand, each depot's faces): one field keeps _child fast
    _faces: tuple[Dice | None, tuple[int, ...], tuple[tuple[int, ...], ...]]
    _status: tuple[Status, ...]
    _cards: tuple[tuple[str, ...], ...]
    _active: int
    _phase: Phase
    _dice: Dice | None
    _pending: tuple[int, ...]
    _due: tuple[int, ...]
    _round: int
    _outcome: Outcome | None
    _scores: tuple[RoundScore, ...]
    _history: tuple[Any, ...] | None

    def __init__(self, setup: Setup) -> None:
        n = setup.players
        self._setup = setup
        self._masks = tuple(COLOUR_MASKS[name] for name in setup.layouts)
        self._buttons = (0,) * n
        self._stars = (0,) * n
        self._depot = (0,) * n
        self._faces = (None, (), ((),) * n)
        self._status = (Status.IN_ROUND,) * n
        self._cards = setup.cards
        self._active = setup.start_player
        self._phase = Phase.TURN
        self._dice = None
        self._pending = _EMPTY
        self._due = (0,) * n
        self._round = 1
        self._outcome = None
        self._scores = ()
        self._history = None

    # ----------------------------------------------------------------- queries

    @property
    def setup(self) -> Setup:
        return self._setup

    @property
    def players(self) -> int:
        return self._setup.players

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def round_number(self) -> int:
        return self._round

    @property
    def active_player(self) -> int:
        """The seat holding the dice."""
        return self._active

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now; None at a chance node or when the game is over."""
        phase = self._phase
        if phase is Phase.TURN:
            return self._active
        if phase is Phase.PLACING or phase is Phase.STARS:
            return self._pending[0]
        return None

    @property
    def pending_players(self) -> tuple[int, ...]:
        """Seats that still owe a decision for this roll or star placement.

        Their decisions are independent, so ``apply`` accepts them in any order;
        ``current_player`` is the first of them.
        """
        return self._pending

    @property
    def dice(self) -> Dice | None:
        """The dice of the roll being decided on (None outside the placing phase)."""
        return self._dice

    @property
    def dice_in_hand(self) -> int:
        """Dice in front of the active player: 6 minus the dice in depots."""
        return 6 - sum(self._depot)

    @property
    def plain_dice_in_hand(self) -> int:
        return 4 - sum(self._depot)

    @property
    def dice_per_exit(self) -> int:
        """Plain black dice a seat puts into its depot when it opts out or busts."""
        return 2 if self._setup.players == 2 else 1

    def is_chance_node(self) -> bool:
        return self._phase is Phase.ROLLING

    def is_over(self) -> bool:
        return self._phase is Phase.OVER

    def outcome(self) -> Outcome | None:
        return self._outcome

    def buttons(self, player: int) -> frozenset[tuple[int, int]]:
        return spaces(self._buttons[player])

    def stars(self, player: int) -> frozenset[tuple[int, int]]:
        return spaces(self._stars[player])

    def button_mask(self, player: int) -> int:
        return self._buttons[player]

    def star_mask(self, player: int) -> int:
        return self._stars[player]

    def winning_line(self, player: int) -> frozenset[tuple[int, int]]:
        """The stars of ``player`` that lie in a line of five (empty when there is none)."""
        return five_in_line_spaces(self._stars[player])

    def star_count(self, player: int) -> int:
        return self._stars[player].bit_count()

    def status(self, player: int) -> Status:
        return self._status[player]

    def depot(self, player: int) -> int:
        return self._depot[player]

    def depot_dice(self, player: int) -> tuple[int, ...]:
        """The faces of the plain black dice in ``player``'s depot, in the order they went in.

        **Ruling** (the project's): a seat that opts out or busts puts in the
        highest plain die or dice in front of it, the highest first. The rulebook
        lets the player pick; the face has no effect on play.
        """
        return self._faces[2][player]

    def hand_dice(self) -> Dice | None:
        """The faces of the dice in front of the active player; None before the first roll.

        The last roll's white and gold dice and its plain dice not yet put in a
        depot; at a new round all four plain dice come back from the depots.
        """
        roll, plain, _ = self._faces
        if roll is None:
            return None
        return Dice(roll.white, roll.gold, plain)

    def cards(self, player: int) -> tuple[str, ...]:
        return self._cards[player]

    def layout(self, player: int) -> str:
        return self._setup.layouts[player]

    def colour_at(self, player: int, row: int, col: int) -> str:
        i = (row - 1) * 6 + (col - 1)
        for colour, mask in zip(COLOURS, self._masks[player]):
            if mask >> i & 1:
                return colour
        raise ValueError(f"no space ({row}, {col})")

    def stars_due(self, player: int) -> int:
        """Stars earned this round that the seat still has to put on the board."""
        return self._due[player]

    def round_scores(self) -> tuple[RoundScore, ...]:
        """The scoring of every finished round, oldest first."""
        return self._scores

    def legal_mask(self, player: int) -> int:
        """Spaces where ``player`` could place a button under the placing rules."""
        return legal_mask(self._buttons[player], self._stars[player])

    def stars_this_scoring(self, player: int) -> int:
        """The spaces (a mask) where ``player`` has put stars at this round's end so far:
        the round's buttons they replaced, still part of the round's colours."""
        mask = 0
        if self._phase is not Phase.STARS:
            return mask
        node = self._history
        while node is not None and type(node[0]) is PlaceStar:
            star = node[0]
            if star.player == player:
                mask |= bit(star.row, star.col)
            node = node[1]
        return mask

    def history(self) -> list[Action]:
        """Every action applied since the set-up, dice included, oldest first."""
        actions = []
        node = self._history
        while node is not None:
            actions.append(node[0])
            node = node[1]
        actions.reverse()
        return actions

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def _key(self) -> tuple[Any, ...]:
        return (
            self._setup,
            self._buttons,
            self._stars,
            self._depot,
            self._faces,
            self._status,
            self._cards,
            self._active,
            self._phase,
            self._dice,
            self._pending,
            self._due,
            self._round,
        )

    def __repr__(self) -> str:
        return (
            f"<GameState round {self._round} {self._phase.value} active={self._active} "
            f"stars={[s.bit_count() for s in self._stars]}>"
        )

    # ----------------------------------------------------------- legal actions

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """The actions ``player`` (default: the current player) may take now.

        At a chance node the list is empty: use ``chance_outcomes``.
        """
        phase = self._phase
        if phase is Phase.TURN:
            if player is not None and player != self._active:
                return []
            if self._buttons[self._active]:
                return [ROLL, OPT_OUT]
            return [ROLL]
        if phase is Phase.PLACING:
            if player is None:
                player = self._pending[0]
            elif player not in self._pending:
                return []
            return _placements(self, player)
        if phase is Phase.STARS:
            if player is None:
                player = self._pending[0]
            elif player not in self._pending:
                return []
            table = STARS[player]
            return [table[r][c] for r, c in iter_spaces(self._buttons[player])]
        return []

    def chance_outcomes(self) -> list[tuple[Dice, float]]:
        """Every possible roll with its probability (each multiset of plain dice once)."""
        if self._phase is not Phase.ROLLING:
            return []
        return _outcomes(self.plain_dice_in_hand)

    def active_choices(self) -> int:
        """Columns (bits 0-5) where the active player may place for the current dice."""
        dice = self._dice
        if dice is None:
            return 0
        return _active_columns(self, dice)

    # ------------------------------------------------------------------ apply

    def problem(self, action: object) -> IllegalActionError | None:
        """What ``apply`` would raise for ``action`` (not raised), or None when it is legal."""
        return _problem(self, action)

    def apply(self, action: Action) -> GameState:
        """The checked way in: raises IllegalActionError saying what is wrong."""
        problem = _problem(self, action)
        if problem is not None:
            raise problem
        return self.apply_unchecked(action)

    def apply_unchecked(self, action: Action) -> GameState:
        """The fast way in, for actions known to be legal (bots, simulations)."""
        s = self._child(action)
        phase = self._phase
        if phase is Phase.TURN:
            if action is ROLL or type(action) is Roll:
                s._phase = Phase.ROLLING
            else:
                a = self._active
                _to_depot(s, a)
                s._status = _with(self._status, a, Status.OPTED_OUT)
                _pass_dice(s)
        elif phase is Phase.ROLLING:
            _roll(s, action)  # type: ignore[arg-type]
        elif phase is Phase.PLACING:
            p = action.player  # type: ignore[union-attr]
            if type(action) is Place:
                s._buttons = _with(self._buttons, p, self._buttons[p] | bit(action.row, action.col))
            s._pending = tuple(q for q in self._pending if q != p)
            if not s._pending:
                s._dice = None
                _pass_dice(s)
        elif phase is Phase.STARS:
            p = action.player  # type: ignore[union-attr]
            s._stars = _with(self._stars, p, self._stars[p] | bit(action.row, action.col))  # type: ignore[union-attr]
            s._buttons = _with(self._buttons, p, self._buttons[p] & ~bit(action.row, action.col))  # type: ignore[union-attr]
            left = self._due[p] - 1
            s._due = _with(self._due, p, left)
            if not left:
                s._pending = tuple(q for q in self._pending if q != p)
                if not s._pending:
                    _finish_round(s)
        else:
            raise IllegalActionError("the game is over", code="game_over")
        return s

    def _replace(self, **fields: object) -> GameState:
        """A copy with some private fields replaced: builds positions for tests and
        puzzles. The result has no history, so it cannot be saved or replayed."""
        s = self._child(None)  # type: ignore[arg-type]
        s._history = None
        for name, value in fields.items():
            setattr(s, "_" + name, value)
        return s

    def _child(self, action: Action) -> GameState:
        s = object.__new__(GameState)
        s._setup = self._setup
        s._masks = self._masks
        s._buttons = self._buttons
        s._stars = self._stars
        s._depot = self._depot
        s._faces = self._faces
        s._status = self._status
        s._cards = self._cards
        s._active = self._active
        s._phase = self._phase
        s._dice = self._dice
        s._pending = self._pending
        s._due = self._due
        s._round = self._round
        s._outcome = self._outcome
        s._scores = self._scores
        s._history = (action, self._history)
        return s


# ---------------------------------------------------------------- internals


def _with(values: tuple[Any, ...], index: int, value: object) -> tuple[Any, ...]:
    return values[:index] + (value,) + values[index + 1 :]


def _active_columns(state: GameState, dice: Dice) -> int:
    a = state._active
    row = dice.white - 1
    free = legal_mask(state._buttons[a], state._stars[a]) >> (6 * row) & 0b111111
    rolled = 1 << (dice.gold - 1)
    for v in dice.plain:
        rolled |= 1 << (v - 1)
    return free & rolled


def _placements(state: GameState, player: int) -> list[Action]:
    dice = state._dice
    assert dice is not None
    row = PLACES[player][dice.white]
    if player == state._active:
        cols = _active_columns(state, dice)
        return [row[c + 1] for c in range(6) if cols >> c & 1]
    return [row[dice.gold], SKIPS[player]]


def _roll(s: GameState, dice: Dice) -> None:
    """Apply a dice outcome: bust the active player if they cannot place, queue decisions."""
    s._dice = dice
    s._faces = (dice, dice.plain, s._faces[2])
    s._phase = Phase.PLACING
    a = s._active
    n = s._setup.players
    pending = []
    if _active_columns(s, dice):
        pending.append(a)
    else:
        s._buttons = _with(s._buttons, a, 0)
        _to_depot(s, a)
        s._status = _with(s._status, a, Status.BUSTED)
    gold = bit(dice.white, dice.gold)
    for i in range(1, n):
        p = (a + i) % n
        if s._status[p] is Status.IN_ROUND and legal_mask(s._buttons[p], s._stars[p]) & gold:
            pending.append(p)
    s._pending = tuple(pending)
    if not pending:
        s._dice = None
        _pass_dice(s)


def _to_depot(s: GameState, player: int) -> None:
    """``player`` leaves the round: the highest plain die or dice in hand go to its depot."""
    k = s.dice_per_exit
    s._depot = _with(s._depot, player, s._depot[player] + k)
    roll, plain, depots = s._faces  # plain is sorted low to high
    s._faces = (roll, plain[:-k], _with(depots, player, depots[player] + plain[: -k - 1 : -1]))


def _pass_dice(s: GameState) -> None:
    """Hand the dice to the next seat clockwise still in the round, or end the round."""
    n = s._setup.players
    a = s._active
    status = s._status
    for i in range(1, n):
        p = (a + i) % n
        if status[p] is Status.IN_ROUND:
            s._active = p
            s._phase = Phase.TURN
            return
    if status[a] is Status.IN_ROUND:
        s._phase = Phase.TURN
        return
    _score_round(s)


def _score_round(s: GameState) -> None:
    n = s._setup.players
    seats = []
    due = []
    for p in range(n):
        buttons = s._buttons[p]
        if s._status[p] is Status.OPTED_OUT:
            covered = tuple(
                colour
                for colour, mask in zip(COLOURS, s._masks[p])
                if (buttons & mask).bit_count() >= 3
            )
            bonus = tuple(c for c in s._cards[p] if c in covered)
            score = SeatScore(Status.OPTED_OUT, 1, covered, bonus, buttons.bit_count())
        else:
            score = SeatScore(s._status[p], 0, (), (), buttons.bit_count())
        seats.append(score)
        due.append(score.total)
    s._scores = s._scores + (RoundScore(s._round, tuple(seats), s._cards),)
    s._due = tuple(due)
    start = s._setup.start_of(s._cards)
    s._pending = tuple((start + i) % n for i in range(n) if due[(start + i) % n])
    s._dice = None
    if s._pending:
        s._phase = Phase.STARS
    else:
        _finish_round(s)


def _finish_round(s: GameState) -> None:
    """Clear the buttons, then end the game or rotate the cards for the next round."""
    n = s._setup.players
    s._buttons = (0,) * n
    s._pending = _EMPTY
    counts = tuple(m.bit_count() for m in s._stars)
    lines = tuple(p for p in range(n) if has_five_in_line(s._stars[p]))
    enders = tuple(p for p in range(n) if p in lines or counts[p] >= 12)
    if enders:
        candidates = lines or tuple(range(n))
        best = max(counts[p] for p in candidates)
        s._outcome = Outcome(
            winners=tuple(p for p in candidates if counts[p] == best),
            reason=Reason.FIVE_IN_LINE if lines else Reason.TWELVE_STARS,
            enders=enders,
            candidates=candidates,
            star_counts=counts,
        )
        s._phase = Phase.OVER
        return
    s._cards = tuple(s._cards[(p - 1) % n] for p in range(n))
    roll, plain, depots = s._faces
    returned = tuple(v for faces in depots for v in faces)
    s._faces = (roll, tuple(sorted(plain + returned)), ((),) * n)
    s._depot = (0,) * n
    s._status = (Status.IN_ROUND,) * n
    s._round += 1
    s._active = s._setup.start_of(s._cards)
    s._phase = Phase.TURN


__all__ = [
    "FULL",
    "GameState",
    "IllegalActionError",
    "Outcome",
    "Phase",
    "Reason",
    "RoundScore",
    "SeatScore",
    "Status",
]
