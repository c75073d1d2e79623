"""What one action did in Kopf oder Knopf, worked out once: the notes, the sound and the
pieces captured (square, owner, captor) in the order the table flies them."""

from __future__ import annotations

import random

from buttons_game.games.kopf.captures import Capture
from buttons_game.games.kopf.engine import PASS, Move, Remove, new_game
from buttons_game.games.kopf.happened import OVER, KopfHappened
from buttons_game.games.kopf.kind import KIND
from buttons_game.games.kopf.narration import narrate

from .games import GROUP_MOVE, punishing_start, random_game
from .helpers import board, position

RED, BLUE = 0, 1


def happened(state, action) -> KopfHappened:
    after = state.apply(action)
    result = KIND.happened(state, action, after)
    assert isinstance(result, KopfHappened)
    assert result.notes == narrate(state, action, after)  # the log's very words
    return result


def test_a_quiet_move_sounds_as_a_move_and_captures_nothing():
    state = position([(5, 5)], [(6, 9)], to_move=BLUE)
    done = happened(state, Move(6, 9, 6, 8))
    assert done.cue == "move" and done.captures == ()


def test_a_move_into_a_pairs_range_is_struck_on_the_square_it_moved_to():
    # red's pair (5,5) on 2 holes and (5,6) on 1 has range 3; blue steps into it at (5,9)
    state = position([(5, 5), (5, 6)], [(6, 9)], holes={(5, 5): 2}, to_move=BLUE)
    done = happened(state, Move(6, 9, 5, 9))
    assert done.captures == (Capture((5, 9), BLUE, RED),)
    assert done.cue == "strike"


def test_a_strike_of_several_pieces_flies_them_in_reading_order():
    # red's pair (5,5)-(5,6) on 2 holes reaches (5,9); red's pair (3,3)-(4,3) reaches (6,3)
    holes = {(5, 5): 2, (3, 3): 2}
    state = position([(5, 5), (5, 6), (3, 3), (4, 3)], [(6, 9), (6, 3)], holes=holes, to_move=BLUE)
    assert (6, 3) in state.threatened(BLUE)  # already in range: struck with the mover
    done = happened(state, Move(6, 9, 5, 9))
    assert done.captures == (Capture((5, 9), BLUE, RED), Capture((6, 3), BLUE, RED))


def test_a_punishment_captures_the_removed_piece_and_says_strike():
    game = punishing_start()
    grouped = game.state.apply(GROUP_MOVE)
    moved = happened(game.state, GROUP_MOVE)
    assert moved.captures == () and moved.cue == "move"  # the punishing is only due
    done = happened(grouped, Remove(5, 5))
    assert done.captures == (Capture((5, 5), RED, BLUE),)
    assert done.cue == "strike"


def test_the_last_removal_brings_the_strike_with_it():
    red = [(5, 5), (5, 6), (6, 7), (8, 8), (8, 9), (9, 10), (1, 1)]
    state = position(red, [(3, 1), (4, 1)]).apply(Remove(5, 5))
    done = happened(state, Remove(8, 8))
    assert done.captures == (Capture((1, 1), RED, BLUE), Capture((8, 8), RED, BLUE))
    assert [n.key for n in done.notes] == ["punish", "strike", "captured"]


def test_a_pass_makes_no_sound():
    red = [(1, 1)]
    blue = [(1, 4), (4, 1), (4, 4), (7, 1), (7, 4), (10, 10), (10, 7), (7, 10), (4, 10)]
    stuck = new_game(board=board({(1, 1): 3}), pieces=(red, blue), to_move=RED, target=14)
    done = happened(stuck, PASS)
    assert done.cue is None and done.captures == ()


def test_the_winning_capture_sounds_as_the_end():
    state = position([(5, 5), (5, 6)], [(6, 9)], holes={(5, 5): 2}, to_move=BLUE, target=9)
    done = happened(state, Move(6, 9, 5, 9))
    assert done.cue == OVER and done.captures == (Capture((5, 9), BLUE, RED),)


def test_a_hundred_quiet_turns_end_in_a_draw_with_the_ends_sound():
    state = position([(3, 3)], [(8, 8)], to_move=RED, filler=False, target=14)
    rng = random.Random(1)
    while state.moves_without_capture < 99:
        state = state.apply(rng.choice(state.legal_actions()))
    done = happened(state, state.legal_actions()[0])
    assert done.cue == OVER and done.captures == ()


def test_over_whole_games_the_captures_add_up_to_the_captured_counts():
    for seed in range(3):
        game = random_game(random.Random(seed), target=8)
        state = KIND.first_state(game.state.setup)
        taken = [state.captured(0), state.captured(1)]
        for action in game.state.history():
            after = state.apply(action)
            done = happened(state, action)
            for capture in done.captures:
                assert capture.captor == 1 - capture.owner
                assert state.piece_at(*capture.square) in (capture.owner, None)
                taken[capture.captor] += 1
            assert done.cue == (
                OVER
                if after.is_over()
                else "strike"
                if done.captures
                else "move"
                if isinstance(action, Move)
                else None
            )
            state = after
        assert taken == [state.captured(0), state.captured(1)]
