"""The state of a game of Kopf oder Knopf: an immutable value that knows its own moves.

A turn is punish (one piece out of each forbidden group of the opponent, chosen by
the player: ``Remove`` actions), strike (automatic: every piece the player's pairs
threaten), then move (or pass when nothing can move). Punishing and striking are
the start of a turn: they happen inside the ``apply`` that ends the opponent's
turn (or in ``new_game``), so a state always waits for a decision or is over.

``apply`` is the checked way in (people, files) and raises ``IllegalActionError``
with a reason code; ``apply_unchecked`` is the fast way for bots.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from buttons_game.core.errors import RulesError

from .actions import PASS, Action, Move, Pass, Remove
from .board import (
    BOARD,
    FORWARD,
    PIECES_PER_SIDE,
    RAYS,
    SQUARES,
    Square,
    bits,
    board_problem,
    groups,
    index,
    on_board,
    square,
    squares_of,
    start_ring,
)

DRAW_AFTER = 100  # turns in a row without a capture (50 by each player)
RED, BLUE = 0, 1


class IllegalActionError(RulesError):
    """An action the rules do not allow now; ``code`` says which rule, ``details`` the squares."""


class Reason(str, Enum):
    CAPTURES = "captures"  # a player captured the target number of pieces
    NO_CAPTURES = "no_captures"  # 100 turns without a capture: a draw


@dataclass(frozen=True)
class Outcome:
    winner: int | None  # 0 red, 1 blue, None for a draw
    reason: Reason
    captured: tuple[int, int]


@dataclass(frozen=True)
class Setup:
    """Everything needed to start a game; with the list of actions it rebuilds any state."""

    board: tuple[tuple[int, ...], ...]
    target: int
    pieces: tuple[frozenset[Square], frozenset[Square]]
    to_move: int


# Every move a board can have, made once: (from, to) -> Move.
_MOVES: dict[tuple[int, int], Move] = {}
_REMOVES: tuple[Remove, ...] = tuple(Remove(*square(i)) for i in range(SQUARES))


def _move(i: int, t: int) -> Move:
    move = _MOVES.get((i, t))
    if move is None:
        move = _MOVES[(i, t)] = Move(*square(i), *square(t))
    return move


class KopfState:
    """One moment of a game of Kopf oder Knopf. Immutable."""

    __slots__ = (
        "_setup",
        "_holes",
        "_masks",
        "_to_move",
        "_pending",
        "_quiet",
        "_outcome",
        "_last",
        "_history",
    )

    _setup: Setup
    _holes: tuple[int, ...]
    _masks: tuple[int, int]
    _to_move: int
    _pending: tuple[int, ...]  # opponent groups still to be punished this turn (masks)
    _quiet: int
    _outcome: Outcome | None
    _last: int  # the squares the last transition captured
    _history: Any  # (action, parent's history) or None: a linked list, oldest last

    # ------------------------------------------------------------------ queries
    @property
    def setup(self) -> Setup:
        return self._setup

    @property
    def target(self) -> int:
        return self._setup.target

    @property
    def current_player(self) -> int | None:
        """Who decides now (0 red, 1 blue); None when the game is over."""
        return None if self._outcome is not None else self._to_move

    @property
    def to_move(self) -> int:
        return self._to_move

    @property
    def punishing(self) -> bool:
        """The player to move is choosing which pieces of forbidden groups to remove."""
        return bool(self._pending) and self._outcome is None

    @property
    def moves_without_capture(self) -> int:
        return self._quiet

    @property
    def last_captured(self) -> frozenset[Square]:
        """The squares whose pieces were taken since the last move: this turn's punishments
        and strike (what the screen animates)."""
        return squares_of(self._last)

    def holes(self, row: int, col: int) -> int:
        return self._holes[index(row, col)]

    def pieces(self, player: int) -> frozenset[Square]:
        return squares_of(self._masks[player])

    def piece_mask(self, player: int) -> int:
        return self._masks[player]

    def piece_at(self, row: int, col: int) -> int | None:
        b = 1 << index(row, col)
        if self._masks[RED] & b:
            return RED
        if self._masks[BLUE] & b:
            return BLUE
        return None

    def captured(self, player: int) -> int:
        """Pieces ``player`` has taken: 14 minus what the opponent has left."""
        return PIECES_PER_SIDE - self._masks[1 - player].bit_count()

    def threatened(self, player: int) -> frozenset[Square]:
        """``player``'s squares that the opponent's pairs threaten now."""
        return squares_of(_threats(self._holes, self._masks, 1 - player))

    def forbidden_groups(self, player: int) -> tuple[frozenset[Square], ...]:
        """``player``'s groups of 3 or more pieces."""
        return tuple(squares_of(g) for g in _forbidden(self._masks[player]))

    def pending_groups(self) -> tuple[frozenset[Square], ...]:
        """The opponent's groups the player to move must still punish this turn."""
        return tuple(squares_of(g) for g in self._pending)

    def is_chance_node(self) -> bool:
        """Never: nothing is left to chance in Kopf oder Knopf."""
        return False

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return []

    def is_over(self) -> bool:
        return self._outcome is not None

    def outcome(self) -> Outcome | None:
        return self._outcome

    def history(self) -> list[Action]:
        actions = []
        node: Any = self._history
        while node is not None:
            actions.append(node[0])
            node = node[1]
        actions.reverse()
        return actions

    def key(self) -> tuple[Any, ...]:
        """What decides the rest of the game (for a search's transposition table)."""
        return (self._masks, self._to_move, self._pending, self._quiet)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, KopfState):
            return NotImplemented
        return self._setup.board == other._setup.board and (
            self._masks,
            self._to_move,
            self._pending,
            self._quiet,
            self._outcome,
            self._setup.target,
        ) == (
            other._masks,
            other._to_move,
            other._pending,
            other._quiet,
            other._outcome,
            other._setup.target,
        )

    def __hash__(self) -> int:
        return hash((self._masks, self._to_move, self._pending, self._quiet))

    def __repr__(self) -> str:
        who = "over" if self._outcome else ("red", "blue")[self._to_move]
        return (
            f"<KopfState {who} captured={self.captured(RED)}:{self.captured(BLUE)} "
            f"quiet={self._quiet}>"
        )

    # ------------------------------------------------------------------ actions
    def legal_actions(self, player: int | None = None) -> list[Action]:
        """What ``player`` (default: the player to move) may do now."""
        if self._outcome is not None or (player is not None and player != self._to_move):
            return []
        if self._pending:
            union = 0
            for g in self._pending:
                union |= g
            return [_REMOVES[i] for i in bits(union)]
        moves = _moves(self._holes, self._masks, self._to_move)
        return moves if moves else [PASS]

    def move_targets(self, row: int, col: int) -> frozenset[Square]:
        """Where the piece on (row, col) may move now (empty when it may not)."""
        if self._outcome is not None or self._pending:
            return frozenset()
        i = index(row, col)
        if not self._masks[self._to_move] >> i & 1:
            return frozenset()
        occupied = self._masks[0] | self._masks[1]
        return frozenset(square(t) for t in _targets(self._holes, occupied, i))

    def threats_after(self, move: Move) -> tuple[frozenset[Square], frozenset[Square]]:
        """What a move would leave: (the opponent's pieces the mover's pairs would then
        threaten, the mover's pieces the opponent's pairs would then threaten).

        The first are struck at the start of the mover's next turn unless the opponent
        answers; the second at the start of the opponent's turn. No turn is played.
        """
        p = self._to_move
        i, t = index(move.from_row, move.from_col), index(move.to_row, move.to_col)
        masks = list(self._masks)
        masks[p] = masks[p] & ~(1 << i) | 1 << t
        after = (masks[0], masks[1])
        return (
            squares_of(_threats(self._holes, after, p)),
            squares_of(_threats(self._holes, after, 1 - p)),
        )

    def problem(self, action: object) -> IllegalActionError | None:
        """What ``apply`` would raise for ``action``, or None when it is legal."""
        return _problem(self, action)

    def apply(self, action: Action) -> KopfState:
        """The checked way in: raises IllegalActionError saying what is wrong."""
        problem = _problem(self, action)
        if problem is not None:
            raise problem
        return self.apply_unchecked(action)

    def apply_unchecked(self, action: Action) -> KopfState:
        """The fast way in, for actions known to be legal (bots)."""
        s = self._child(action)
        p = self._to_move
        if type(action) is Remove:
            b = 1 << (action.row - 1) * 10 + action.col - 1
            s._masks = _without(self._masks, 1 - p, b)
            s._pending = tuple(g for g in self._pending if not g & b)
            s._last = self._last | b
            s._quiet = 0
            if not _won(s, p) and not s._pending:
                _strike(s)
            return s
        s._last = 0
        if type(action) is Move:
            i = (action.from_row - 1) * 10 + action.from_col - 1
            t = (action.to_row - 1) * 10 + action.to_col - 1
            masks = list(self._masks)
            masks[p] = masks[p] & ~(1 << i) | 1 << t
            s._masks = (masks[0], masks[1])
        s._quiet = self._quiet + 1
        if s._quiet >= DRAW_AFTER:
            s._outcome = Outcome(None, Reason.NO_CAPTURES, (s.captured(RED), s.captured(BLUE)))
            return s
        s._to_move = 1 - p
        _start_turn(s)
        return s

    def _child(self, action: Action | None) -> KopfState:
        s = object.__new__(KopfState)
        s._setup = self._setup
        s._holes = self._holes
        s._masks = self._masks
        s._to_move = self._to_move
        s._pending = self._pending
        s._quiet = self._quiet
        s._outcome = self._outcome
        s._last = self._last
        s._history = (action, self._history)
        return s


# ---------------------------------------------------------------- internals


def _without(masks: tuple[int, int], player: int, b: int) -> tuple[int, int]:
    return (masks[0] & ~b, masks[1]) if player == 0 else (masks[0], masks[1] & ~b)


def _forbidden(mask: int) -> list[int]:
    return [g for g in groups(mask) if g.bit_count() >= 3]


def _threats(holes: tuple[int, ...], masks: tuple[int, int], attacker: int) -> int:
    """The squares of ``attacker``'s opponent that ``attacker``'s pairs threaten."""
    own = masks[attacker]
    other = masks[1 - attacker]
    hit = 0
    for i in bits(own):
        rays = RAYS[i]
        for d in FORWARD:
            ray = rays[d]
            if not ray or not own >> ray[0] & 1:
                continue
            j = ray[0]  # the pair (i, j) lies on direction d
            reach = holes[i] + holes[j]
            for t in RAYS[j][d][:reach]:  # outward past j
                if own >> t & 1:
                    break
                if other >> t & 1:
                    hit |= 1 << t
                    break
            for t in rays[d + 4][:reach]:  # outward past i, the other way
                if own >> t & 1:
                    break
                if other >> t & 1:
                    hit |= 1 << t
                    break
    return hit


def _targets(holes: tuple[int, ...], occupied: int, i: int) -> list[int]:
    h = holes[i]
    out = []
    for ray in RAYS[i]:
        if h < 4:
            if len(ray) >= h and not occupied >> ray[h - 1] & 1:
                out.append(ray[h - 1])
        else:
            for t in ray[:4]:
                if not occupied >> t & 1:
                    out.append(t)
    return out


def _moves(holes: tuple[int, ...], masks: tuple[int, int], player: int) -> list[Action]:
    occupied = masks[0] | masks[1]
    moves: list[Action] = []
    for i in bits(masks[player]):
        for t in _targets(holes, occupied, i):
            moves.append(_move(i, t))
    return moves


def _won(s: KopfState, player: int) -> bool:
    if s.captured(player) >= s._setup.target:
        s._outcome = Outcome(player, Reason.CAPTURES, (s.captured(RED), s.captured(BLUE)))
        s._pending = ()
        return True
    return False


def _strike(s: KopfState) -> None:
    """Step 2: every opponent piece the player's pairs threaten is taken."""
    p = s._to_move
    hit = _threats(s._holes, s._masks, p)
    if hit:
        masks = list(s._masks)
        masks[1 - p] &= ~hit
        s._masks = (masks[0], masks[1])
        s._last |= hit
        s._quiet = 0
        _won(s, p)


def _start_turn(s: KopfState) -> None:
    """Step 1 (the opponent's forbidden groups wait to be punished), else step 2 at once."""
    s._pending = tuple(_forbidden(s._masks[1 - s._to_move]))
    if not s._pending:
        _strike(s)


def _problem(state: KopfState, action: Any) -> IllegalActionError | None:
    if state._outcome is not None:
        return IllegalActionError("the game is over", code="game_over")
    kind = type(action)
    if kind not in (Move, Remove, Pass):
        return IllegalActionError(f"{action!r:.80} is not an action", code="not_an_action")
    if state._pending:
        if kind is not Remove:
            return IllegalActionError(
                "first remove a piece of each forbidden group of the opponent", code="punish_first"
            )
        row, col = action.row, action.col
        if not on_board(row, col):
            return IllegalActionError(
                f"({row!r:.20}, {col!r:.20}) is off the board", code="off_board"
            )
        b = 1 << index(row, col)
        if not any(g & b for g in state._pending):
            return IllegalActionError(
                f"({row}, {col}) is not in a forbidden group of the opponent",
                code="not_in_group",
                details={"row": row, "col": col},
            )
        return None
    if kind is Remove:
        return IllegalActionError("there is no forbidden group to punish", code="nothing_to_remove")
    p = state._to_move
    if kind is Pass:
        if _moves(state._holes, state._masks, p):
            return IllegalActionError("a piece can move: passing is not allowed", code="must_move")
        return None
    fr, fc, tr, tc = action.from_row, action.from_col, action.to_row, action.to_col
    if not on_board(fr, fc) or not on_board(tr, tc):
        return IllegalActionError(
            "a move goes from a square to a square on the board", code="off_board"
        )
    i, t = index(fr, fc), index(tr, tc)
    if not state._masks[p] >> i & 1:
        return IllegalActionError(
            f"({fr}, {fc}) holds no piece of the player to move",
            code="not_own_piece",
            details={"row": fr, "col": fc},
        )
    dr, dc = tr - fr, tc - fc
    distance = max(abs(dr), abs(dc))
    if distance == 0 or (dr and dc and abs(dr) != abs(dc)):
        return IllegalActionError(
            "a piece moves in a straight line: across, down or diagonally", code="not_a_line"
        )
    if (state._masks[0] | state._masks[1]) >> t & 1:
        return IllegalActionError(
            f"({tr}, {tc}) is taken", code="square_taken", details={"row": tr, "col": tc}
        )
    holes = state._holes[i]
    if (holes < 4 and distance != holes) or distance > 4:
        return IllegalActionError(
            f"a piece on {holes} holes moves exactly {holes} squares"
            if holes < 4
            else "a piece on 4 holes moves 1 to 4 squares",
            code="wrong_distance",
            details={"holes": holes, "distance": distance},
        )
    return None


def threats(board: Any, pieces: Any, attacker: int) -> frozenset[Square]:
    """The opponent squares ``attacker``'s pairs threaten in a position, no turn played.

    For looking at a position (examples, puzzles); a game strikes them at the start of
    ``attacker``'s turn.
    """
    setup = make_setup(board=board, pieces=pieces, target=PIECES_PER_SIDE)
    holes = tuple(h for row in setup.board for h in row)
    masks = (_mask(setup.pieces[0]), _mask(setup.pieces[1]))
    return squares_of(_threats(holes, masks, attacker))


def _mask(squares: frozenset[Square]) -> int:
    m = 0
    for row, col in squares:
        m |= 1 << index(row, col)
    return m


def make_setup(
    *,
    board: Any = None,
    target: int = 10,
    pieces: Any = None,
    to_move: int = 0,
) -> Setup:
    """A set-up from ``new_game``'s arguments; ValueError saying what is wrong."""
    grid = BOARD if board is None else board
    problem = board_problem(grid)
    if problem:
        raise ValueError(problem)
    if type(target) is not int or not 1 <= target <= PIECES_PER_SIDE:
        raise ValueError(
            f"the target must be a whole number of captures from 1 to 14, not {target!r:.40}"
        )
    if to_move not in (0, 1) or type(to_move) is not int:
        raise ValueError(f"to_move must be 0 (red) or 1 (blue), not {to_move!r:.40}")
    sides = start_ring() if pieces is None else _read_pieces(pieces)
    for player, name in ((0, "red"), (1, "blue")):
        taken = PIECES_PER_SIDE - len(sides[1 - player])
        if taken >= target:
            raise ValueError(f"{name} has already captured {taken} pieces: the target is {target}")
    return Setup(tuple(tuple(row) for row in grid), target, sides, to_move)


def _read_pieces(pieces: Any) -> tuple[frozenset[Square], frozenset[Square]]:
    try:
        red, blue = pieces
        sides = [list(red), list(blue)]
    except (TypeError, ValueError):
        raise ValueError("pieces must be (red_squares, blue_squares)") from None
    seen: set[Square] = set()
    result = []
    for name, squares in zip(("red", "blue"), sides):
        if len(squares) > PIECES_PER_SIDE:
            raise ValueError(f"{name} has {len(squares)} pieces: at most 14")
        side = set()
        for item in squares:
            try:
                row, col = item
            except (TypeError, ValueError):
                raise ValueError(f"a square is (row, col), not {item!r:.40}") from None
            if not on_board(row, col):
                raise ValueError(f"({row!r:.20}, {col!r:.20}) is off the board")
            if (row, col) in seen:
                raise ValueError(f"({row}, {col}) is taken twice")
            seen.add((row, col))
            side.add((row, col))
        result.append(frozenset(side))
    return result[0], result[1]


def start(setup: Setup) -> KopfState:
    """The state at the start of ``setup.to_move``'s first turn (punishing, striking first)."""
    s = object.__new__(KopfState)
    s._setup = setup
    s._holes = tuple(h for row in setup.board for h in row)
    s._masks = (_mask(setup.pieces[0]), _mask(setup.pieces[1]))
    s._to_move = setup.to_move
    s._pending = ()
    s._quiet = 0
    s._outcome = None
    s._last = 0
    s._history = None
    _start_turn(s)
    return s


def new_game(
    *,
    board: object = None,
    target: int = 10,
    pieces: object = None,
    to_move: int = 0,
) -> KopfState:
    """A new game: the shipped board, the start ring and red to move, unless told otherwise.

    ``board``: 10 rows of 10 ints 1-4; ``target``: captures to win (10, or 8 for the
    short game); ``pieces``: (red_squares, blue_squares) of (row, col); ``to_move``:
    0 red, 1 blue. A custom position is the start of ``to_move``'s turn.
    """
    return start(make_setup(board=board, target=target, pieces=pieces, to_move=to_move))


__all__ = [
    "DRAW_AFTER",
    "IllegalActionError",
    "KopfState",
    "Outcome",
    "Reason",
    "Setup",
    "make_setup",
    "new_game",
    "start",
    "threats",
]
