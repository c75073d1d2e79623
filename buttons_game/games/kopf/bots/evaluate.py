"""How good a position is for the side to move, in hundredths of a piece.

A position here is the start of a decision: the side to move has struck, so what
counts is material (and how close each side is to the target), the side to move's
pieces the opponent threatens now (it can save one with its move, not two) and
its forbidden groups (punished at the opponent's turn unless broken up), pairs
(the weapons), mobility and the holes under the pieces.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..engine.board import PIECES_PER_SIDE
from .position import _KEEP, STEPS, Tables, attack_zone, crowded

PIECE = 100


class Assessment(NamedTuple):
    """A position's value for the side to move, and its danger (see ``assess``)."""

    score: int
    lost: int  # the value if every threatened piece and forbidden group is lost
    hit: int  # the side to move's pieces the opponent's pairs reach
    grouped: int  # its pieces with two or more neighbours of their colour (0: no group)


@dataclass(frozen=True)
class Weights:
    """The evaluation's terms; a level's character is its weights and its depth."""

    race: int = 30  # extra per capture, growing as a side nears the target
    danger: int = 85  # per threatened piece or forbidden group beyond the one a move can save
    first_danger: int = 20  # the move spent saving the first one
    pair: int = 6  # per own pair (a weapon), minus the opponent's
    mobility: int = 1  # per own move, minus the opponent's
    holes: int = 2  # per hole under an own piece, minus the opponent's
    stuck: int = 12  # per own piece that cannot move, minus the opponent's
    escape: bool = True  # look whether a threatened piece has a safe square to go to


DEFAULT = Weights()
MATERIAL_ONLY = Weights(race=0, pair=0, mobility=0, holes=0, stuck=0, escape=False)
MATERIAL = Weights(  # pieces alone: what a material check counts
    race=0, danger=0, first_danger=0, pair=0, mobility=0, holes=0, stuck=0, escape=False
)


def pair_count(own: int) -> int:
    return sum((own & (own >> step) & keep).bit_count() for step, keep in zip(STEPS, _KEEP))


def mobility(tb: Tables, own: int, free: int) -> tuple[int, int]:
    """(moves of ``own``'s pieces, how many of them cannot move)."""
    reach = tb.reach
    total = stuck = 0
    m = own
    while m:
        low = m & -m
        m ^= low
        n = (reach[low.bit_length() - 1] & free).bit_count()
        total += n
        if not n:
            stuck += 1
    return total, stuck


def hole_sum(tb: Tables, own: int) -> int:
    by_holes = tb.by_holes
    return (
        (own & by_holes[1]).bit_count()
        + 2 * (own & by_holes[2]).bit_count()
        + 3 * (own & by_holes[3]).bit_count()
        + 4 * (own & by_holes[4]).bit_count()
    )


def _can_escape(tb: Tables, hit: int, opp: int, occupied: int) -> bool:
    """Whether one of the threatened pieces in ``hit`` can move to a square no pair reaches."""
    reach = tb.reach
    free = ~occupied
    while hit:
        low = hit & -hit
        hit ^= low
        squares = reach[low.bit_length() - 1] & free
        if squares & ~attack_zone(tb, opp, occupied ^ low):
            return True
    return False


def evaluate(tb: Tables, me: int, opp: int, target: int, w: Weights = DEFAULT) -> int:
    """The value of the position for ``me``, the side to move (its strike already done)."""
    return assess(tb, me, opp, target, w)[0]


def assess(tb: Tables, me: int, opp: int, target: int, w: Weights = DEFAULT) -> Assessment:
    """``evaluate``'s value, with what quiescence needs: the value if no danger is met
    (every threatened piece struck, every forbidden group punished) and the danger itself.
    """
    mine = PIECES_PER_SIDE - opp.bit_count()
    theirs = PIECES_PER_SIDE - me.bit_count()
    score = PIECE * (mine - theirs)
    if w.race:
        score += w.race * (mine * mine - theirs * theirs) // target
    occupied = me | opp
    hit = attack_zone(tb, opp, occupied) & me
    grouped = crowded(me) & me
    if w.pair:
        pairs = 0
        for step, keep in zip(STEPS, _KEEP):
            pairs += (me & (me >> step) & keep).bit_count() - (
                opp & (opp >> step) & keep
            ).bit_count()
        score += w.pair * pairs
    if w.mobility or w.stuck:
        free = ~occupied
        mob_me, stuck_me = mobility(tb, me, free)
        mob_opp, stuck_opp = mobility(tb, opp, free)
        score += w.mobility * (mob_me - mob_opp) - w.stuck * (stuck_me - stuck_opp)
    if w.holes:
        score += w.holes * (hole_sum(tb, me) - hole_sum(tb, opp))
    if not (hit or grouped):
        return Assessment(score, score, 0, 0)
    dangers = hit.bit_count() + (1 if grouped else 0)
    lost = score - PIECE * dangers
    if w.escape and not grouped and not _can_escape(tb, hit, opp, occupied):
        dangers += 1  # no threatened piece has a safe square: the move saves nothing
    return Assessment(score - w.first_danger - w.danger * (dangers - 1), lost, hit, grouped)
