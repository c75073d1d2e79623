"""Alpha-beta search (negamax) over the bare positions of ``position.py``.

A ply is one decision: a move (or a pass), or the removal of one piece while
punishing. Removals keep the same side to move and cost no depth, so every leaf is
a settled position: the start of a move, its side's strike done. Moves are tried
in this order: the transposition table's best move, then those that lose nothing to
the opponent's strike and threaten the most, the killer moves of the ply, then by
history. ``Search.run`` deepens iteratively until its time or node budget is spent.

A frontier position is judged statically only when it is quiet. Where the side to
move has a piece the opponent's pairs reach or a forbidden group, the moves of those
pieces are searched on (``QUIESCENCE`` plies at most), any other move counted as
losing them; so a threatened piece's escape into a new threat or a group, or a
double threat, is seen past the nominal depth. Children are made with the opponent's
pair lines found once per position (``position.after_step``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from ..engine.board import PIECES_PER_SIDE
from ..engine.state import DRAW_AFTER
from .evaluate import DEFAULT, MATERIAL, PIECE, Assessment, Weights, assess
from .position import (
    DRAWN,
    MOVER_WINS,
    OTHER_WINS,
    Move,
    Node,
    Tables,
    after_move,
    after_remove,
    after_step,
    attack_zone,
    crowded,
    forbidden,
    moves,
    pair_lines,
    threats,
)

WIN = 1_000_000
WON = WIN - 1000  # scores beyond this are wins found by the search
EXACT, LOWER, UPPER = 0, 1, 2
NEAR_DRAW = DRAW_AFTER - 12  # from here on the quiet count is part of a position's key
MIN_DEPTH = 3  # iterative deepening always tries this depth, if need be unfinished
ESCAPE = 1 << 40  # ordering bonus of a threatened piece's move at the frontier
START_SHARE = 0.5  # a new depth starts while less than this share of the time budget is spent
MIN_GROWTH = 2.0  # the least growth from one depth to the next the time manager assumes
MEASURABLE = 0.002  # seconds: iterations shorter than this say nothing about growth
CHECK_EVERY = 256  # nodes between two looks at the clock (a few milliseconds)
QUIESCENCE = 4  # plies of escapes searched beyond the frontier while a side is in danger

RootAction = tuple[int, int] | int | None
"""A root decision: a move (from, to), a square to remove (int), or None to pass."""


class Iteration(NamedTuple):
    """One iteration of the deepening: its depth, nodes, seconds, whether it finished."""

    depth: int
    nodes: int
    seconds: float
    first: float | None  # seconds until the first root move (the previous best) was searched
    finished: bool


class Timeout(Exception):
    """The search ran out of time or nodes."""


class Search:
    """One bot's search: its tables and weights, the transposition table and move statistics."""

    def __init__(
        self,
        tb: Tables,
        target: int,
        weights: Weights = DEFAULT,
        *,
        use_table: bool = True,
        use_killers: bool = True,
        use_history: bool = True,
        table_limit: int = 400_000,
        use_pvs: bool = True,
        late_moves: int = 8,
        quiescence: int = QUIESCENCE,
    ) -> None:
        self.quiescence = quiescence
        self.use_pvs = use_pvs
        self.late_moves = late_moves if late_moves > 0 else 1 << 30
        self.tb = tb
        self.target = target
        self.weights = weights
        self.use_table = use_table
        self.use_killers = use_killers
        self.use_history = use_history
        self.table_limit = table_limit
        self.table: dict[tuple[Any, ...], tuple[int, int, int, Move | None]] = {}
        self.history: dict[Move, int] = {}
        self.evals: dict[tuple[int, int], Assessment] = {}
        self.killers: list[list[Move]] = []
        self.nodes = 0
        self.check_at = CHECK_EVERY
        self.deadline = float("inf")
        self.node_limit = 1 << 62
        self.clock: Callable[[], float] = time.perf_counter
        self.iterations: list[Iteration] = []
        self.partial: tuple[int, int] | None = None  # the unfinished iteration's best so far
        self.first_done: float | None = None  # seconds the iteration's first root move took
        self.penalties: list[int] = []  # the price taken off each root action's value
        self.stop: Callable[[], bool] = never_stop  # asked with the clock: True ends the search

    # ---------------------------------------------------------------- the root
    def run(
        self,
        node: Node,
        actions: Sequence[RootAction],
        *,
        max_depth: int,
        seconds: float | None = None,
        max_nodes: int | None = None,
        penalties: Sequence[int] | None = None,
    ) -> tuple[int, int, int]:
        """Iterative deepening over ``actions`` (in tie-break order); (best index, score, depth).

        ``penalties`` (one per action, default none) are taken off each root action's
        searched value: the hard bot's price on a move that loses material at once.

        With a time budget, the next depth starts while less than ``START_SHARE`` of it
        is spent (and the measured growth leaves time to finish at least the previous
        best move at that depth); the clock is read every ``CHECK_EVERY`` nodes, so the
        search stops within a few milliseconds of the budget. An unfinished iteration
        searched the previous best first: its best move so far is kept (``depth``
        counts finished iterations only). ``self.iterations`` logs every iteration.
        """
        clock = self.clock
        start = clock()
        self.deadline = float("inf") if seconds is None else start + seconds
        self.nodes = 0
        self.check_at = CHECK_EVERY
        self.node_limit = (1 << 62) if max_nodes is None else max_nodes
        self.iterations = []
        if len(self.table) > self.table_limit:
            self.table.clear()
        if len(self.evals) > self.table_limit:
            self.evals.clear()
        for key in list(self.history):
            self.history[key] //= 8
        order = list(range(len(actions)))
        self.penalties = list(penalties) if penalties is not None else [0] * len(actions)
        best, best_score, reached = 0, 0, 0
        for depth in range(1, max_depth + 1):
            began = clock()
            if (
                seconds is not None
                and depth > MIN_DEPTH
                and not self._worth_starting(began - start, seconds)
            ):
                break
            self.killers = [[] for _ in range(depth + 2)]
            scores: dict[int, int] = {}
            self.partial = None
            self.first_done = None
            nodes_before = self.nodes
            try:
                found, score = self._root(node, actions, order, depth, scores)
            except Timeout:
                if self.partial is not None:  # the previous best searched, or beaten
                    best, best_score = self.partial
                self.iterations.append(
                    Iteration(
                        depth, self.nodes - nodes_before, clock() - began, self.first_done, False
                    )
                )
                break
            self.iterations.append(
                Iteration(depth, self.nodes - nodes_before, clock() - began, self.first_done, True)
            )
            best, best_score, reached = found, score, depth
            order.sort(key=lambda k: -scores.get(k, -WIN - 1))
            order.remove(best)
            order.insert(0, best)
            if abs(score) >= WON:
                break
        return best, best_score, reached

    def _worth_starting(self, elapsed: float, seconds: float) -> bool:
        """Whether to start another iteration, ``elapsed`` seconds into a ``seconds`` budget."""
        if elapsed >= START_SHARE * seconds:
            return False
        done = [it for it in self.iterations if it.finished]
        if len(done) < 2 or done[-2].seconds < MEASURABLE:
            return True
        growth = max(MIN_GROWTH, done[-1].seconds / done[-2].seconds)
        first = done[-1].first if done[-1].first is not None else done[-1].seconds
        # the previous best move alone, one depth deeper, must fit in what is left
        return elapsed + first * growth <= seconds

    def _root(
        self,
        node: Node,
        actions: Sequence[RootAction],
        order: list[int],
        depth: int,
        scores: dict[int, int],
    ) -> tuple[int, int]:
        alpha, beta = -WIN - 1, WIN + 1
        best = order[0]
        began = self.clock()
        for n, k in enumerate(order):
            cost = self.penalties[k]  # searched within a window shifted by the price
            if n == 0:
                score = self._child_value(node, actions[k], depth, alpha, beta) - cost
                self.first_done = self.clock() - began
            else:
                score = (
                    self._child_value(node, actions[k], depth, alpha + cost, alpha + 1 + cost)
                    - cost
                )
                if score > alpha:
                    # better than the best so far (a lower bound): kept if time runs out
                    self.partial = (k, score)
                    score = self._child_value(node, actions[k], depth, alpha + cost, beta) - cost
            scores[k] = score
            if score > alpha:
                alpha, best = score, k
                self.partial = (best, alpha)
        return best, alpha

    def _child_value(
        self, node: Node, action: RootAction, depth: int, alpha: int, beta: int
    ) -> int:
        if isinstance(action, int):
            result, opp, pending = after_remove(
                self.tb, node.me, node.opp, node.pending, action, self.target
            )
            if result == MOVER_WINS:
                return WIN - 1
            return self.negamax(node.me, opp, 0, pending, depth, alpha, beta, 1)
        result, me, opp, quiet, pending = after_move(
            self.tb, node.me, node.opp, node.quiet, action, self.target
        )
        if result == DRAWN:
            return 0
        if result == OTHER_WINS:
            return -(WIN - 1)
        return -self.negamax(me, opp, quiet, pending, depth - 1, -beta, -alpha, 1)

    # ---------------------------------------------------------------- the tree
    def _tick(self) -> None:
        self.check_at = self.nodes + CHECK_EVERY
        if self.nodes >= self.node_limit or self.clock() > self.deadline or self.stop():
            raise Timeout

    def negamax(
        self,
        me: int,
        opp: int,
        quiet: int,
        pending: tuple[int, ...],
        depth: int,
        alpha: int,
        beta: int,
        ply: int,
    ) -> int:
        """The value for ``me`` (to move) within (alpha, beta)."""
        self.nodes += 1
        if self.nodes >= self.check_at:
            self._tick()
        if pending:
            return self._punish(me, opp, pending, depth, alpha, beta, ply)
        if depth <= 0:
            return self._quiesce(me, opp, quiet, depth, alpha, beta, ply)
        tb, target = self.tb, self.target
        key = (me, opp, quiet if quiet >= NEAR_DRAW else 0)
        hint: Move | None = None
        if self.use_table:
            entry = self.table.get(key)
            if entry is not None:
                e_depth, flag, value, hint = entry
                if e_depth >= depth:
                    if value >= WON:
                        value -= ply
                    elif value <= -WON:
                        value += ply
                    if flag == EXACT:
                        return value
                    if flag == LOWER and value >= beta:
                        return value
                    if flag == UPPER and value <= alpha:
                        return value
        found = moves(tb, me, me | opp)
        if depth == 1 and found:
            return self._frontier(me, opp, quiet, found, hint, alpha, beta, ply)
        if not found:  # stuck: pass
            result, nme, nopp, q, pend = after_move(tb, me, opp, quiet, None, target)
            if result == DRAWN:
                return 0
            if result == OTHER_WINS:
                return -(WIN - ply - 1)
            return -self.negamax(nme, nopp, q, pend, depth - 1, -beta, -alpha, ply + 1)

        # Every child at once: ordering wants what the opponent's strike takes and
        # what the move threatens.
        children = []
        my_count = me.bit_count()
        killers = self.killers[ply] if self.use_killers and ply < len(self.killers) else []
        history = self.history if self.use_history else None
        lines = pair_lines(tb, opp)
        grouped = bool(crowded(me) & me)
        for mv in found:
            result, nme, nopp, q, pend = after_step(tb, me, opp, quiet, mv, target, lines, grouped)
            if result == OTHER_WINS:
                order = -10_000_000
            elif result == DRAWN:
                order = 0
            elif mv == hint:
                order = 100_000_000
            else:
                lost = my_count - nopp.bit_count() + (1 if pend else 0)
                order = 1_000_000 * (threats(tb, nopp, nme).bit_count() - 2 * lost)
                if mv in killers:
                    order += 500_000
                if history is not None:
                    order += history.get(mv, 0)
            children.append((order, mv, result, nme, nopp, q, pend))
        children.sort(key=_first, reverse=True)

        original_alpha = alpha
        best_value = -WIN - 1
        best_move: Move | None = None
        late = self.late_moves
        for k, (order, mv, result, nme, nopp, q, pend) in enumerate(children):
            if result == OTHER_WINS:
                value = -(WIN - ply - 1)
            elif result == DRAWN:
                value = 0
            elif k == 0 or not self.use_pvs:
                value = -self.negamax(nme, nopp, q, pend, depth - 1, -beta, -alpha, ply + 1)
            else:
                # a null window first; a quiet late move also one ply shallower
                cut = 1 if depth >= 3 and k >= late and order < 500_000 else 0
                value = -self.negamax(
                    nme, nopp, q, pend, depth - 1 - cut, -alpha - 1, -alpha, ply + 1
                )
                if value > alpha and (cut or value < beta):
                    value = -self.negamax(nme, nopp, q, pend, depth - 1, -beta, -alpha, ply + 1)
            if value > best_value:
                best_value, best_move = value, mv
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        self._cutoff(mv, killers, depth)
                        break
        self._store(me, opp, quiet, depth, original_alpha, beta, best_value, best_move, ply)
        return best_value

    def _frontier(
        self,
        me: int,
        opp: int,
        quiet: int,
        found: list[Move],
        hint: Move | None,
        alpha: int,
        beta: int,
        ply: int,
    ) -> int:
        """Depth 1: children one at a time (evaluated, not searched), in history order."""
        tb, target, weights = self.tb, self.target, self.weights
        evals = self.evals
        quiescence = self.quiescence
        killers = self.killers[ply] if self.use_killers and ply < len(self.killers) else []
        # pieces in danger first (most other moves lose them), then by history
        danger = attack_zone(tb, opp, me | opp) & me
        get = self.history.get if self.use_history else _no_history
        if danger:
            found.sort(key=lambda mv: get(mv, 0) + (danger >> mv[0] & 1) * ESCAPE, reverse=True)
        elif self.use_history:
            found.sort(key=lambda mv: get(mv, 0), reverse=True)
        first = [mv for mv in (hint, *killers) if mv is not None and mv in found]
        if first:
            first = list(dict.fromkeys(first))
            found = first + [mv for mv in found if mv not in first]
        original_alpha = alpha
        best_value = -WIN - 1
        best_move: Move | None = None
        lines = pair_lines(tb, opp)
        grouped = bool(crowded(me) & me)
        for mv in found:
            result, nme, nopp, q, pend = after_step(tb, me, opp, quiet, mv, target, lines, grouped)
            if result == OTHER_WINS:
                value = -(WIN - ply - 1)
            elif result == DRAWN:
                value = 0
            elif pend:
                value = -self.negamax(nme, nopp, q, pend, 0, -beta, -alpha, ply + 1)
            else:
                self.nodes += 1
                ek = (nme, nopp)
                e = evals.get(ek)
                if e is None:
                    e = evals[ek] = assess(tb, nme, nopp, target, weights)
                if (e.hit or e.grouped) and quiescence:
                    value = -self._escapes(nme, nopp, q, e, 0, -beta, -alpha, ply + 1)
                else:
                    value = -e.score
            if value > best_value:
                best_value, best_move = value, mv
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        self._cutoff(mv, killers, 1)
                        break
        self._store(me, opp, quiet, 1, original_alpha, beta, best_value, best_move, ply)
        return best_value

    # ---------------------------------------------------------------- quiescence
    def _quiesce(
        self, me: int, opp: int, quiet: int, depth: int, alpha: int, beta: int, ply: int
    ) -> int:
        """A frontier position (``depth`` <= 0): its static value when the side to move is
        in no danger, else the best of its escapes searched on (``_escapes``)."""
        ek = (me, opp)
        e = self.evals.get(ek)
        if e is None:
            e = self.evals[ek] = assess(self.tb, me, opp, self.target, self.weights)
        if not (e.hit or e.grouped) or depth <= -self.quiescence:
            return e.score
        return self._escapes(me, opp, quiet, e, depth, alpha, beta, ply)

    def _escapes(
        self,
        me: int,
        opp: int,
        quiet: int,
        e: Assessment,
        depth: int,
        alpha: int,
        beta: int,
        ply: int,
    ) -> int:
        """The side to move has pieces the opponent's pairs reach or a forbidden group:
        rather than judge that statically, try every move of those pieces (escapes, and
        groups broken up), each answered the same way while ``quiescence`` plies last.
        Any other move is taken to lose them all (``e.lost``), the stand-pat value."""
        best = e.lost
        if best >= beta:
            return best
        if best > alpha:
            alpha = best
        tb, target = self.tb, self.target
        movers = e.hit
        if e.grouped:
            for group in forbidden(me):
                movers |= group
        occupied = me | opp
        found = moves(tb, movers, occupied)
        if len(found) > 1:  # squares out of the opponent's reach first
            zone = attack_zone(tb, opp, occupied)
            found.sort(key=lambda mv: zone >> mv[1] & 1)
        lines = pair_lines(tb, opp)
        grouped = bool(e.grouped)
        for mv in found:
            result, nme, nopp, q, pend = after_step(tb, me, opp, quiet, mv, target, lines, grouped)
            if result == OTHER_WINS:
                value = -(WIN - ply - 1)
            elif result == DRAWN:
                value = 0
            else:
                value = -self.negamax(nme, nopp, q, pend, depth - 1, -beta, -alpha, ply + 1)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best

    def _cutoff(self, mv: Move, killers: list[Move], depth: int) -> None:
        if self.use_killers and mv not in killers:
            killers.insert(0, mv)
            del killers[2:]
        if self.use_history:
            self.history[mv] = self.history.get(mv, 0) + depth * depth

    def _store(
        self,
        me: int,
        opp: int,
        quiet: int,
        depth: int,
        original_alpha: int,
        beta: int,
        value: int,
        best: Move | None,
        ply: int,
    ) -> None:
        if not self.use_table:
            return
        flag = UPPER if value <= original_alpha else LOWER if value >= beta else EXACT
        stored = value
        if stored >= WON:
            stored += ply
        elif stored <= -WON:
            stored -= ply
        self.table[(me, opp, quiet if quiet >= NEAR_DRAW else 0)] = (depth, flag, stored, best)

    def _punish(
        self,
        me: int,
        opp: int,
        pending: tuple[int, ...],
        depth: int,
        alpha: int,
        beta: int,
        ply: int,
    ) -> int:
        union = 0
        for g in pending:
            union |= g
        best = -WIN - 1
        while union:
            low = union & -union
            union ^= low
            result, nopp, pend = after_remove(
                self.tb, me, opp, pending, low.bit_length() - 1, self.target
            )
            if result == MOVER_WINS:
                return WIN - ply
            value = self.negamax(me, nopp, 0, pend, depth, alpha, beta, ply + 1)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best


def material_losses(
    tb: Tables, target: int, node: Node, actions: Sequence[RootAction], plies: int = 2
) -> list[bool]:
    """For each action, whether it loses material within ``plies`` plies that another
    action keeps (two plies: the move, the opponent's strike and reply, one's own strike):
    pieces alone, every reply searched. A punishing decision (removals) loses nothing."""
    if any(isinstance(a, int) for a in actions):
        return [False] * len(actions)
    search = Search(tb, target, MATERIAL, use_table=plies > 2, quiescence=0)
    search.killers = [[] for _ in range(plies + 2)]
    values = [search._child_value(node, a, plies, -WIN - 1, WIN + 1) for a in actions]
    keeps = max(values)
    return [v <= keeps - PIECE for v in values]


def never_stop() -> bool:
    return False


def _no_history(move: Move, default: int = 0) -> int:
    return default


def _first(child: tuple[Any, ...]) -> int:
    score: int = child[0]
    return score


def captured_by(me: int, opp: int) -> tuple[int, int]:
    """(pieces ``me`` has captured, pieces ``opp`` has captured)."""
    return PIECES_PER_SIDE - opp.bit_count(), PIECES_PER_SIDE - me.bit_count()
