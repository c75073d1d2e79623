"""The search's bare positions: the incremental child generation (``after_step``, with
the opponent's pair lines found once per position) agrees with ``after_move``, and
``moves`` with the engine's legal moves."""

from __future__ import annotations

import random

from buttons_game.games.kopf.bots.position import (
    after_move,
    after_step,
    crowded,
    forbidden,
    makes_group,
    moves,
    node_of,
    pair_lines,
    strikes,
    tables,
    threats,
)
from buttons_game.games.kopf.engine import Move, new_game
from buttons_game.games.kopf.engine.board import index


def positions(count: int, seed: int):
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = new_game()
        while not state.is_over() and len(found) < count:
            if not state.punishing and rng.random() < 0.1:
                found.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
    return found


def test_moves_are_the_engines_legal_moves():
    for state in positions(40, seed=3):
        node = node_of(state)
        tb = tables(state.setup.board)
        engine = {
            (index(a.from_row, a.from_col), index(a.to_row, a.to_col))
            for a in state.legal_actions()
            if isinstance(a, Move)
        }
        found = moves(tb, node.me, node.me | node.opp)
        assert len(found) == len(set(found)) and set(found) == engine


# red to move with a forbidden group of its own (left from its last punishment)
GROUPED = new_game(
    pieces=(
        [(5, 5), (5, 6), (6, 7), (2, 2), (9, 9), (2, 9), (9, 2), (1, 5)],
        [(1, 1), (3, 8), (8, 3), (10, 10), (1, 10), (10, 1), (7, 3), (4, 9)],
    ),
    to_move=0,
)


def test_after_step_agrees_with_after_move_for_every_move():
    checked = grouped_before = groups_made = struck = 0
    for state in [GROUPED, *positions(60, seed=5)]:
        node = node_of(state)
        tb = tables(state.setup.board)
        lines = pair_lines(tb, node.opp)
        grouped = bool(crowded(node.me) & node.me)
        grouped_before += grouped
        for mv in moves(tb, node.me, node.me | node.opp):
            expected = after_move(tb, node.me, node.opp, node.quiet, mv, state.target)
            got = after_step(tb, node.me, node.opp, node.quiet, mv, state.target, lines, grouped)
            assert got == expected, (mv, state.to_move)
            moved = node.me ^ (1 << mv[0] | 1 << mv[1])
            assert strikes(lines, moved, moved | node.opp) == threats(tb, node.opp, moved)
            if not grouped:
                assert makes_group(moved, mv[1]) == bool(forbidden(moved))
                groups_made += bool(forbidden(moved))
            struck += bool(threats(tb, node.opp, moved))
            checked += 1
    # the sample reaches every case: groups before, groups made, strikes
    assert checked > 1000 and grouped_before and groups_made and struck
