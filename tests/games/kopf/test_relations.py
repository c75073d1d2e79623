"""A piece's pairs and what each threatens, as the rules define them (what speech says of
a square): the rulebook's examples, and on random positions the pairs' threats are
exactly the engine's."""

from __future__ import annotations

import random

from buttons_game.games.kopf.engine.state import make_setup, start
from buttons_game.games.kopf.relations import Pair, pairs_of


def position(red, blue, holes=None, to_move=1):
    board = [[1] * 10 for _ in range(10)]
    for (row, col), n in (holes or {}).items():
        board[row - 1][col - 1] = n
    return start(make_setup(board=board, pieces=(red, blue), target=14, to_move=to_move))


def test_the_rulebooks_pair_threatens_both_ways_and_is_blocked_by_its_own():
    state = position([(5, 5), (5, 6)], [(5, 9), (5, 2), (9, 9)], {(5, 5): 2})
    assert pairs_of(state, 5, 5) == (Pair((5, 6), 3, ((5, 2), (5, 9))),)
    assert pairs_of(state, 5, 6) == (Pair((5, 5), 3, ((5, 2), (5, 9))),)
    far = position([(5, 5), (5, 6)], [(5, 10), (9, 9)], {(5, 5): 2})
    assert pairs_of(far, 5, 5) == (Pair((5, 6), 3, ()),)  # distance 4: out of reach
    blocked = position([(5, 5), (5, 6), (5, 8)], [(5, 9), (9, 9)], {(5, 5): 2})
    assert (5, 9) not in {s for p in pairs_of(blocked, 5, 5) for s in p.threatens}
    shield = position([(5, 5), (5, 6)], [(5, 7), (5, 9), (9, 9)], {(5, 5): 2})
    assert pairs_of(shield, 5, 5)[0].threatens == ((5, 7),)  # the nearer shields the other


def test_an_empty_square_or_a_lone_piece_has_no_pairs():
    state = position([(5, 5)], [(1, 1)])
    assert pairs_of(state, 5, 5) == ()
    assert pairs_of(state, 3, 3) == ()


def test_on_random_positions_the_pairs_threaten_exactly_what_the_engine_says():
    rng = random.Random(7)
    squares = [(r, c) for r in range(1, 11) for c in range(1, 11)]
    for _ in range(200):
        chosen = rng.sample(squares, 20)
        red, blue = chosen[:10], chosen[10:]
        holes = {spot: rng.randint(1, 4) for spot in squares}
        state = position(red, blue, holes, to_move=1)
        said = {
            spot
            for piece in state.pieces(0)
            for pair in pairs_of(state, *piece)
            for spot in pair.threatens
        }
        assert said == state.threatened(1)
