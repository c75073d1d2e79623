"""A bare position for search: two piece masks, and the turn steps as integer operations.

The engine's ``KopfState`` is the rulebook; this module repeats its transitions on
plain ints (side to move ``me``, the other side ``opp``) so a search can play
hundreds of thousands of moves without building states. ``tests/kopf/test_bots.py``
checks that both agree on random games. Squares are bit indices as in ``board.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..engine.board import (
    FORWARD,
    NEIGHBOURS,
    PIECES_PER_SIDE,
    RAYS,
    SIZE,
    SQUARES,
    index,
)
from ..engine.state import DRAW_AFTER, KopfState

FULL = (1 << SQUARES) - 1
_NOT_LAST_COL = sum(1 << i for i in range(SQUARES) if i % SIZE != SIZE - 1)
_NOT_FIRST_COL = sum(1 << i for i in range(SQUARES) if i % SIZE != 0)
# Per forward direction (east, south-east, south, south-west): the index step from a
# piece to its partner, and the squares whose partner that way is on the board.
STEPS = (1, SIZE + 1, SIZE, SIZE - 1)
_KEEP = (_NOT_LAST_COL, _NOT_LAST_COL, FULL, _NOT_FIRST_COL)

Move = tuple[int, int]  # (from index, to index)


@dataclass(frozen=True)
class Tables:
    """Everything about one board that a search looks up: holes, move reach, pair lines."""

    holes: tuple[int, ...]
    reach: tuple[int, ...]
    """reach[i]: the squares a piece on i may move to on an empty board."""
    forward: tuple[tuple[int, ...], ...]
    """forward[d][i]: the squares the pair (i, i + STEPS[d]) attacks beyond its partner."""
    backward: tuple[tuple[int, ...], ...]
    """backward[d][i]: the squares the same pair attacks beyond i, the other way."""
    by_holes: tuple[int, ...]
    """by_holes[h]: the squares with h holes (h = 1 to 4; by_holes[0] is empty)."""
    targets: tuple[tuple[tuple[int, Move], ...], ...]
    """targets[i]: (the target's bit, the move) for every square in reach[i]."""


@lru_cache(maxsize=8)
def tables(board: tuple[tuple[int, ...], ...]) -> Tables:
    holes = tuple(h for row in board for h in row)
    reach = []
    for i in range(SQUARES):
        h = holes[i]
        m = 0
        for ray in RAYS[i]:
            for t in ray[:4] if h == 4 else ray[h - 1 : h]:
                m |= 1 << t
        reach.append(m)
    forward: list[tuple[int, ...]] = []
    backward: list[tuple[int, ...]] = []
    for d, step in zip(FORWARD, STEPS):
        fwd, bwd = [], []
        for i in range(SQUARES):
            ray = RAYS[i][d]
            if not ray or ray[0] != i + step:
                fwd.append(0)
                bwd.append(0)
                continue
            j = ray[0]
            span = holes[i] + holes[j]
            fwd.append(sum(1 << t for t in RAYS[j][d][:span]))
            bwd.append(sum(1 << t for t in RAYS[i][d + 4][:span]))
        forward.append(tuple(fwd))
        backward.append(tuple(bwd))
    by_holes = tuple(sum(1 << i for i in range(SQUARES) if holes[i] == h) for h in range(5))
    targets = tuple(
        tuple((1 << t, (i, t)) for t in range(SQUARES) if reach[i] >> t & 1) for i in range(SQUARES)
    )
    return Tables(holes, tuple(reach), tuple(forward), tuple(backward), by_holes, targets)


def threats(tb: Tables, own: int, other: int) -> int:
    """The squares of ``other`` that the pairs of ``own`` threaten (the engine's ``_threats``)."""
    occupied = own | other
    hit = 0
    for d in range(4):
        pairs = own & (own >> STEPS[d]) & _KEEP[d]
        if not pairs:
            continue
        fwd = tb.forward[d]
        bwd = tb.backward[d]
        while pairs:
            low = pairs & -pairs
            pairs ^= low
            i = low.bit_length() - 1
            line = fwd[i] & occupied
            if line:
                first = line & -line
                if first & other:
                    hit |= first
            line = bwd[i] & occupied
            if line:
                first = 1 << (line.bit_length() - 1)
                if first & other:
                    hit |= first
    return hit


def attack_zone(tb: Tables, own: int, occupied: int) -> int:
    """The squares the pairs of ``own`` reach: along each pair's line, up to and including
    the first piece met within range. An opponent piece there is threatened, and an
    opponent piece moved there will be."""
    zone = 0
    for d in range(4):
        pairs = own & (own >> STEPS[d]) & _KEEP[d]
        if not pairs:
            continue
        fwd = tb.forward[d]
        bwd = tb.backward[d]
        while pairs:
            low = pairs & -pairs
            pairs ^= low
            i = low.bit_length() - 1
            line = fwd[i]
            met = line & occupied
            zone |= line & ((met & -met) << 1) - 1 if met else line
            line = bwd[i]
            met = line & occupied
            zone |= line & -(1 << (met.bit_length() - 1)) if met else line
    return zone


def crowded(mask: int) -> int:
    """The squares with at least two neighbours in ``mask`` (all 8 directions, bit-parallel)."""
    east = (mask >> 1) & _NOT_LAST_COL  # i's east neighbour is a piece
    west = (mask << 1) & _NOT_FIRST_COL
    one = east | west
    two = east & west
    for near in (
        mask >> SIZE,
        (mask << SIZE) & FULL,
        (mask >> (SIZE + 1)) & _NOT_LAST_COL,
        (mask >> (SIZE - 1)) & _NOT_FIRST_COL,
        (mask << (SIZE - 1)) & _NOT_LAST_COL & FULL,
        (mask << (SIZE + 1)) & _NOT_FIRST_COL & FULL,
    ):
        two |= one & near
        one |= near
    return two


def has_forbidden(mask: int) -> bool:
    """Whether ``mask`` holds a group of 3 or more (some piece has two neighbours in it)."""
    return bool(crowded(mask) & mask)


def grow(mask: int) -> int:
    """``mask`` and every square next to it."""
    row = mask | (mask >> 1) & _NOT_LAST_COL | (mask << 1) & _NOT_FIRST_COL
    return row | row >> SIZE | (row << SIZE) & FULL


def forbidden(mask: int) -> tuple[int, ...]:
    """The groups of 3 or more in ``mask``, lowest square first (the engine's order)."""
    seeds = crowded(mask) & mask  # every such group holds a piece with two neighbours
    if not seeds:
        return ()
    found = []
    while seeds:
        group = seeds & -seeds
        while True:
            wider = grow(group) & mask
            if wider == group:
                break
            group = wider
        found.append(group)
        seeds &= ~group
    if len(found) > 1:
        found.sort(key=lambda g: g & -g)
    return tuple(found)


def moves(tb: Tables, me: int, occupied: int) -> list[Move]:
    """Every move of the pieces in ``me`` (a piece jumps, so only the target must be empty)."""
    targets = tb.targets
    out: list[Move] = []
    m = me
    while m:
        low = m & -m
        m ^= low
        out += [mv for bit, mv in targets[low.bit_length() - 1] if not occupied & bit]
    return out


def pair_lines(tb: Tables, own: int) -> tuple[int, ...]:
    """The lines the pairs of ``own`` attack along, two per pair (beyond each end): what
    ``strikes`` needs, computed once for every move of the other side."""
    lines = []
    for d in range(4):
        pairs = own & (own >> STEPS[d]) & _KEEP[d]
        if not pairs:
            continue
        fwd = tb.forward[d]
        bwd = tb.backward[d]
        while pairs:
            low = pairs & -pairs
            pairs ^= low
            i = low.bit_length() - 1
            lines.append(fwd[i])
            lines.append(-bwd[i])  # negated: walked from its highest square down
    return tuple(lines)


def strikes(lines: tuple[int, ...], other: int, occupied: int) -> int:
    """The squares of ``other`` the pairs behind ``lines`` (``pair_lines``) threaten:
    ``threats`` with the pairs found beforehand."""
    hit = 0
    for line in lines:
        if line > 0:
            met = line & occupied
            if met:
                first = met & -met
                if first & other:
                    hit |= first
        else:
            met = -line & occupied
            if met:
                first = 1 << (met.bit_length() - 1)
                if first & other:
                    hit |= first
    return hit


def makes_group(me: int, square: int) -> bool:
    """Whether the piece on ``square`` is in a group of 3 or more of ``me``, when ``me``
    had no such group before that piece arrived (so any new group holds it)."""
    near = NEIGHBOURS[square] & me
    if not near:
        return False
    if near & (near - 1):  # two neighbours or more
        return True
    return bool(NEIGHBOURS[near.bit_length() - 1] & me & ~(1 << square))


@dataclass(frozen=True)
class Node:
    """A position at the start of a decision, seen from the side to move."""

    me: int
    opp: int
    quiet: int
    pending: tuple[int, ...]  # the opponent's groups still to punish (masks)
    player: int  # who ``me`` is: 0 red, 1 blue


def node_of(state: KopfState) -> Node:
    p = state.to_move
    pending = tuple(sum(1 << index(r, c) for r, c in g) for g in state.pending_groups())
    return Node(
        state.piece_mask(p), state.piece_mask(1 - p), state.moves_without_capture, pending, p
    )


# The outcome of a transition, as ``after_move`` and ``after_remove`` give it.
GOING = 0  # the game goes on
MOVER_WINS = 1  # the player who acted has won
OTHER_WINS = 2  # the player who acted has lost
DRAWN = 3


def after_move(
    tb: Tables, me: int, opp: int, quiet: int, move: Move | None, target: int
) -> tuple[int, int, int, int, tuple[int, ...]]:
    """Move (or pass with None), then the opponent's turn starts (punish, else strike).

    Returns (result, new_me, new_opp, quiet, pending) where new_me is the opponent, now to move.
    """
    if move is not None:
        me = me ^ (1 << move[0] | 1 << move[1])
    quiet += 1
    if quiet >= DRAW_AFTER:
        return DRAWN, opp, me, quiet, ()
    pending = forbidden(me)
    if pending:
        return GOING, opp, me, quiet, pending
    hit = threats(tb, opp, me)
    if hit:
        me &= ~hit
        quiet = 0
        if PIECES_PER_SIDE - me.bit_count() >= target:
            return OTHER_WINS, opp, me, quiet, ()
    return GOING, opp, me, quiet, ()


def after_step(
    tb: Tables,
    me: int,
    opp: int,
    quiet: int,
    move: Move,
    target: int,
    lines: tuple[int, ...],
    grouped: bool,
) -> tuple[int, int, int, int, tuple[int, ...]]:
    """``after_move`` for one of many moves from the same position: ``lines`` are the
    opponent's ``pair_lines`` and ``grouped`` whether ``me`` had a forbidden group
    before the move (if not, only a group around the moved piece can form)."""
    f, t = move
    me = me ^ (1 << f | 1 << t)
    quiet += 1
    if quiet >= DRAW_AFTER:
        return DRAWN, opp, me, quiet, ()
    if grouped or makes_group(me, t):
        pending = forbidden(me)
        if pending:
            return GOING, opp, me, quiet, pending
    hit = strikes(lines, me, me | opp)
    if hit:
        me &= ~hit
        quiet = 0
        if PIECES_PER_SIDE - me.bit_count() >= target:
            return OTHER_WINS, opp, me, quiet, ()
    return GOING, opp, me, quiet, ()


def after_remove(
    tb: Tables, me: int, opp: int, pending: tuple[int, ...], square: int, target: int
) -> tuple[int, int, tuple[int, ...]]:
    """Remove the opponent's piece on ``square``; strike when nothing is left to punish.

    Returns (result, new_opp, pending); the same side stays to move.
    """
    b = 1 << square
    opp &= ~b
    if PIECES_PER_SIDE - opp.bit_count() >= target:
        return MOVER_WINS, opp, ()
    pending = tuple(g for g in pending if not g & b)
    if not pending:
        opp &= ~threats(tb, me, opp)
        if PIECES_PER_SIDE - opp.bit_count() >= target:
            return MOVER_WINS, opp, ()
    return GOING, opp, pending


__all__ = [
    "DRAWN",
    "GOING",
    "MOVER_WINS",
    "Move",
    "Node",
    "OTHER_WINS",
    "Tables",
    "after_move",
    "after_step",
    "after_remove",
    "attack_zone",
    "crowded",
    "forbidden",
    "grow",
    "has_forbidden",
    "moves",
    "makes_group",
    "node_of",
    "pair_lines",
    "strikes",
    "tables",
    "threats",
]
