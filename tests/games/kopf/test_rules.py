"""One test per rule and ruling of docs/rules-kopf.md, its four examples included."""

from __future__ import annotations

import pytest

from buttons_game.games.kopf.engine import (
    BOARD,
    PASS,
    IllegalActionError,
    Move,
    Pass,
    Reason,
    Remove,
    new_game,
    start_ring,
    threats,
)
from buttons_game.games.kopf.engine.board import DIRECTIONS

from .helpers import BLUE_FILLER, board, position

RED, BLUE = 0, 1


# ------------------------------------------------------------------ set-up


def test_the_start_ring_alternates_clockwise_from_the_top_left_red():
    red, blue = start_ring()
    assert len(red) == len(blue) == 14 and not red & blue
    ring = [(2, c) for c in range(2, 10)] + [(r, 9) for r in range(3, 10)]
    ring += [(9, c) for c in range(8, 1, -1)] + [(r, 2) for r in range(8, 2, -1)]
    assert set(ring) == red | blue
    for a, b in zip(ring, ring[1:] + ring[:1]):
        assert (a in red) != (b in red), f"{a} and {b} have the same colour"
    assert (2, 2) in red and (2, 9) in blue and (9, 9) in red and (9, 2) in blue


def test_a_quarter_turn_of_the_start_swaps_the_colours_on_the_same_board():
    red, blue = start_ring()

    def turn(squares):  # a quarter turn clockwise
        return {(c, 11 - r) for r, c in squares}

    assert turn(red) == blue and turn(blue) == red
    assert tuple(zip(*BOARD[::-1])) == BOARD


def test_red_moves_first_from_the_start_ring():
    state = new_game()
    assert state.current_player == RED
    assert state.pieces(RED) == start_ring()[0] and state.pieces(BLUE) == start_ring()[1]
    assert state.captured(RED) == state.captured(BLUE) == 0


def test_the_shipped_board_holds_one_to_four_holes_in_the_asked_proportions():
    cells = [h for row in BOARD for h in row]
    assert len(BOARD) == 10 and all(len(row) == 10 for row in BOARD)
    for holes, share in ((1, 0.30), (2, 0.30), (3, 0.25), (4, 0.15)):
        assert abs(cells.count(holes) / 100 - share) <= 0.03


# ------------------------------------------------------------------ moving


@pytest.mark.parametrize("holes", [1, 2, 3])
def test_a_piece_moves_exactly_its_holes_in_all_eight_directions(holes):
    state = position([(5, 5)], [], holes={(5, 5): holes}, to_move=RED)
    targets = state.move_targets(5, 5)
    expected = {(5 + dr * holes, 5 + dc * holes) for dr, dc in DIRECTIONS}
    assert targets == expected


def test_a_piece_on_four_holes_moves_one_to_four_squares():
    state = position([(5, 5)], [], holes={(5, 5): 4}, to_move=RED)
    expected = {(5 + dr * k, 5 + dc * k) for dr, dc in DIRECTIONS for k in range(1, 5)}
    expected = {(r, c) for r, c in expected if 1 <= r <= 10 and 1 <= c <= 10}
    assert state.move_targets(5, 5) == expected


def test_a_piece_jumps_over_pieces_of_either_colour_onto_an_empty_square_only():
    # 3 holes: east over a blue and a red piece to (5,8); south-east (8,8) holds a red
    # piece and south-west (8,2) a blue one
    state = position([(5, 5), (5, 7), (8, 8)], [(5, 6), (8, 2)], holes={(5, 5): 3}, to_move=RED)
    targets = state.move_targets(5, 5)
    assert (5, 8) in targets
    assert (8, 8) not in targets and (8, 2) not in targets
    with pytest.raises(IllegalActionError) as error:
        state.apply(Move(5, 5, 8, 8))
    assert error.value.code == "square_taken"


def test_moves_off_the_line_or_the_wrong_distance_are_refused_with_a_code():
    state = position([(5, 5)], [], holes={(5, 5): 2}, to_move=RED)
    for move, code in (
        (Move(5, 5, 6, 7), "not_a_line"),
        (Move(5, 5, 5, 6), "wrong_distance"),
        (Move(5, 5, 5, 8), "wrong_distance"),
        (Move(5, 5, 5, 11), "off_board"),
        (Move(6, 6, 6, 8), "not_own_piece"),
        (Move(10, 2, 10, 4), "not_own_piece"),
    ):
        with pytest.raises(IllegalActionError) as error:
            state.apply(move)
        assert error.value.code == code, move
    assert state.apply(Move(5, 5, 7, 7)).pieces(RED) >= {(7, 7)}


def test_moving_is_compulsory_and_passing_only_when_nothing_can_move():
    state = new_game()
    with pytest.raises(IllegalActionError) as error:
        state.apply(PASS)
    assert error.value.code == "must_move"
    # red's one piece stands in a corner on 3 holes; its three targets hold blue pieces
    # that make no pair, so nothing is struck and nothing can move
    red = [(1, 1)]
    blue = [(1, 4), (4, 1), (4, 4), (7, 1), (7, 4), (10, 10), (10, 7), (7, 10), (4, 10)]
    stuck = new_game(board=board({(1, 1): 3}), pieces=(red, blue), to_move=RED, target=14)
    assert stuck.legal_actions() == [Pass()]
    after = stuck.apply(PASS)
    assert after.current_player == BLUE and after.moves_without_capture == 1


# ------------------------------------------------------------------ threats: the examples


def example_pair(red=(), blue=()):
    """The threats of red (5,5) on 2 holes and (5,6) on 1 hole: a horizontal pair of range 3.

    Looked at without playing a turn: in a game, some of these positions would be struck
    first (blue's own pair (5,2)-(5,3), say, reaches red (5,5)).
    """
    pieces = ([(5, 5), (5, 6), *red], list(blue))
    return threats(board({(5, 5): 2, (5, 6): 1}), pieces, RED)


def test_example_1_a_pair_threatens_to_its_range_and_no_further():
    assert example_pair(blue=[(5, 9)]) == {(5, 9)}
    assert example_pair(blue=[(5, 10)]) == set()


def test_example_1_an_own_piece_blocks_and_an_opponent_piece_shields():
    assert example_pair(red=[(5, 8)], blue=[(5, 9)]) == set()
    assert example_pair(blue=[(5, 7), (5, 9)]) == {(5, 7)}


def test_example_2_the_pair_also_threatens_the_other_way():
    assert example_pair(blue=[(5, 2)]) == {(5, 2)}
    assert example_pair(blue=[(5, 2), (5, 3)]) == {(5, 3)}
    assert example_pair(blue=[(5, 1)]) == set()  # distance 4


def test_the_examples_threats_are_struck_in_a_game():
    state = position([(5, 5), (5, 6)], [(5, 9)], holes={(5, 5): 2, (5, 6): 1})
    assert state.threatened(BLUE) == {(5, 9)}
    struck = position([(5, 5), (5, 6)], [(5, 9)], holes={(5, 5): 2, (5, 6): 1}, to_move=RED)
    assert (5, 9) not in struck.pieces(BLUE) and struck.last_captured == {(5, 9)}


def test_example_3_punish_before_strike_then_move():
    # red group (5,5), (5,6), (6,7); the blue pair (3,1)-(4,1) of range 2 reaches red (1,1)
    red = [(5, 5), (5, 6), (6, 7), (1, 1)]
    blue = [(3, 1), (4, 1)]
    state = position(red, blue, holes={(3, 1): 1, (4, 1): 1})
    assert state.current_player == BLUE and state.punishing
    assert state.pending_groups() == ({(5, 5), (5, 6), (6, 7)},)
    assert state.pieces(RED) >= {(1, 1)}, "the strike waits until the punishment is chosen"
    with pytest.raises(IllegalActionError) as error:
        state.apply(Move(3, 1, 3, 2))
    assert error.value.code == "punish_first"
    assert set(state.legal_actions()) == {Remove(5, 5), Remove(5, 6), Remove(6, 7)}
    after = state.apply(Remove(5, 6))
    assert (5, 6) not in after.pieces(RED)
    assert (1, 1) not in after.pieces(RED), "then the strike: the pair takes (1,1)"
    assert after.last_captured == {(5, 6), (1, 1)}
    assert after.captured(BLUE) == state.captured(BLUE) + 2
    assert not after.punishing and after.current_player == BLUE, "then blue moves"
    assert all(isinstance(a, Move) for a in after.legal_actions())


def test_example_4_distances_on_four_and_three_holes():
    four = position([(5, 5)], [], holes={(5, 5): 4}, to_move=RED)
    assert {(5, 6), (5, 7), (5, 8), (5, 9)} <= four.move_targets(5, 5)
    three = position([(5, 5)], [], holes={(5, 5): 3}, to_move=RED)
    assert three.move_targets(5, 5) & {(5, 6), (5, 7), (5, 9)} == set()
    assert (5, 8) in three.move_targets(5, 5)


# ------------------------------------------------------------------ threats: the rules


@pytest.mark.parametrize("line", [(0, 1), (1, 0), (1, 1), (1, -1)])
def test_pairs_attack_along_all_four_lines(line):
    dr, dc = line
    a, b = (5, 5), (5 + dr, 5 + dc)
    ahead = (5 + 2 * dr, 5 + 2 * dc)  # distance 1 past b
    behind = (5 - dr, 5 - dc)  # distance 1 past a
    state = position([a, b], [ahead, behind])
    assert state.threatened(BLUE) == {ahead, behind}


def test_the_range_is_the_sum_of_the_holes_of_the_pair():
    for h1, h2 in ((1, 1), (2, 3), (4, 4)):
        reach = h1 + h2
        holes = {(5, 1): h1, (5, 2): h2}
        inside = position([(5, 1), (5, 2)], [(5, 2 + reach)], holes=holes)
        assert inside.threatened(BLUE) == {(5, 2 + reach)}
        if 2 + reach + 1 <= 10:
            outside = position([(5, 1), (5, 2)], [(5, 3 + reach)], holes=holes)
            assert outside.threatened(BLUE) == set()


def test_the_edge_ends_a_line():
    # range 7 from (5,9) westward reaches (5,2); eastward the edge comes at once
    holes = {(5, 9): 3, (5, 10): 4}
    assert position([(5, 9), (5, 10)], [(5, 2)], holes=holes).threatened(BLUE) == {(5, 2)}
    assert position([(5, 9), (5, 10)], [(5, 1)], holes=holes).threatened(BLUE) == set()
    assert position([(5, 9), (5, 10)], [(6, 1)], holes=holes).threatened(BLUE) == set()


def test_pairs_inside_a_forbidden_group_attack_and_a_third_piece_blocks_the_line():
    # red (5,4), (5,5), (5,6) in a row: a forbidden group; its pairs still attack outward
    state = position([(5, 4), (5, 5), (5, 6)], [(5, 8), (5, 2)])
    assert state.forbidden_groups(RED) == ({(5, 4), (5, 5), (5, 6)},)
    assert state.threatened(BLUE) == {(5, 8), (5, 2)}
    # the group (5,4), (5,5), (4,6): its pair (5,4)-(5,5) of range 8 reaches (5,10) ...
    holes = {(5, 4): 4, (5, 5): 4}
    group = [(5, 4), (5, 5), (4, 6)]
    assert position(group, [(5, 10)], holes=holes).threatened(BLUE) == {(5, 10)}
    # ... unless a third own piece stands on the line
    assert position([*group, (5, 7)], [(5, 10)], holes=holes).threatened(BLUE) == set()


def test_neighbours_share_an_edge_or_a_corner():
    corner = position([(5, 5), (6, 6), (7, 7)], [])
    assert corner.forbidden_groups(RED) == ({(5, 5), (6, 6), (7, 7)},)
    apart = position([(5, 5), (7, 7)], [])
    assert apart.forbidden_groups(RED) == ()


def test_strikes_are_automatic_and_take_every_threatened_piece():
    # blue to move has two pairs threatening three red pieces: all go at the start of the turn
    blue = [(5, 5), (5, 6), (8, 2), (8, 3)]
    red = [(5, 8), (5, 3), (8, 5), (3, 1), (3, 10), (6, 1)]
    state = position(red, blue, to_move=BLUE)
    assert {(5, 8), (5, 3), (8, 5)}.isdisjoint(state.pieces(RED))
    assert state.last_captured == {(5, 8), (5, 3), (8, 5)}
    assert state.captured(BLUE) == 14 - len(state.pieces(RED))


def test_threats_are_computed_on_the_board_after_punishing():
    # the blue pair (5,2)-(5,3) of range 3 meets red (5,5) first; if blue punishes the red
    # group by taking (5,5), the line runs on to (5,6), three away, which is then struck
    red = [(5, 5), (5, 6), (5, 7), (1, 1)]
    blue = [(5, 2), (5, 3)]
    state = position(red, blue, holes={(5, 2): 2, (5, 3): 1})
    after = state.apply(Remove(5, 5))
    assert (5, 6) not in after.pieces(RED), "struck on the board as it is after punishing"
    kept = state.apply(Remove(5, 7))
    assert (5, 5) not in kept.pieces(RED) and (5, 6) in kept.pieces(RED)


def test_one_piece_per_forbidden_group_and_what_is_left_is_not_punished_again():
    red = [(5, 5), (5, 6), (5, 7), (5, 8), (8, 2), (8, 3), (8, 4)]
    state = position(red, [], to_move=BLUE)
    assert len(state.pending_groups()) == 2
    once = state.apply(Remove(5, 5))
    assert once.punishing and once.pending_groups() == ({(8, 2), (8, 3), (8, 4)},)
    with pytest.raises(IllegalActionError) as error:
        once.apply(Remove(5, 6))
    assert error.value.code == "not_in_group"
    twice = once.apply(Remove(8, 3))
    assert not twice.punishing
    assert twice.forbidden_groups(RED) == ({(5, 6), (5, 7), (5, 8)},), "still forbidden"
    assert twice.captured(BLUE) == state.captured(BLUE) + 2


def test_remove_is_refused_when_there_is_nothing_to_punish():
    with pytest.raises(IllegalActionError) as error:
        new_game().apply(Remove(2, 3))
    assert error.value.code == "nothing_to_remove"


def test_strikes_only_at_the_start_of_the_strikers_own_turn():
    # red builds a pair of range 3 that threatens blue (5,9): nothing happens after the move
    red = [(5, 5), (7, 6)]
    blue = [(5, 9)]
    holes = {(5, 5): 2, (7, 6): 2}
    state = position(red, blue, holes=holes, to_move=RED)
    built = state.apply(Move(7, 6, 5, 6))  # two squares up onto a 1-hole square
    assert (5, 9) in built.pieces(BLUE), "no strike right after moving"
    assert (5, 9) in built.threatened(BLUE)
    taken = built.captured(RED)
    # blue moves the piece out of the line: red's next turn strikes nothing
    escaped = built.apply(Move(5, 9, 4, 9))
    assert escaped.captured(RED) == taken and (4, 9) in escaped.pieces(BLUE)
    # blue moves something else: red strikes at the start of its turn, before moving
    other = built.apply(Move(1, 2, 2, 2))
    assert (5, 9) not in other.pieces(BLUE) and other.captured(RED) == taken + 1
    assert other.current_player == RED and other.last_captured == {(5, 9)}


def test_moving_into_range_is_struck_at_the_start_of_the_opponents_turn():
    red = [(5, 5), (5, 6)]  # a pair of range 2 on 1-hole squares
    state = position(red, [(8, 8)], holes={(8, 8): 3})
    taken = state.captured(RED)
    hit = state.apply(Move(8, 8, 5, 8))  # (5,8) lies two squares past (5,6)
    assert (5, 8) not in hit.pieces(BLUE) and hit.captured(RED) == taken + 1
    assert hit.current_player == RED


# ------------------------------------------------------------------ the end


def test_the_target_wins_at_once_in_the_middle_of_punishing():
    # blue has captured 9 (red has 5 left); punishing one piece of a group is the 10th
    red = [(5, 5), (5, 6), (5, 7), (8, 2), (8, 3)]
    state = position(red, list(BLUE_FILLER), to_move=BLUE, filler=False)
    assert state.captured(BLUE) == 9 and state.punishing
    won = state.apply(Remove(5, 6))
    assert won.is_over() and won.outcome().winner == BLUE
    assert won.outcome().reason is Reason.CAPTURES and won.current_player is None
    assert won.legal_actions() == []


def test_the_target_wins_at_once_by_striking_before_moving():
    red = [(5, 9), (2, 2), (2, 4), (2, 6), (2, 8)]  # 5 left: blue has captured 9
    blue = [(5, 5), (5, 6), *BLUE_FILLER[:3]]
    state = position(red, blue, holes={(5, 5): 2, (5, 6): 1}, to_move=BLUE, filler=False)
    assert state.is_over() and state.outcome().winner == BLUE
    assert state.captured(BLUE) == 10


def test_the_short_game_is_won_at_eight():
    red = [(5, 9), *((2, c) for c in (2, 4, 6, 8)), (10, 1), (10, 3)]  # 7 left: 7 taken
    blue = [(5, 5), (5, 6), *BLUE_FILLER]
    state = position(red, blue, holes={(5, 5): 2, (5, 6): 1}, to_move=BLUE, filler=False, target=8)
    assert state.is_over() and state.outcome().winner == BLUE and state.captured(BLUE) == 8


def to_and_fro(state, red_piece, blue_piece):
    """One quiet turn: the player to move shifts its lone piece one square and back."""
    piece = red_piece if state.current_player == RED else blue_piece
    (home, away) = piece
    pieces = state.pieces(state.current_player)
    here, there = (home, away) if home in pieces else (away, home)
    return state.apply(Move(*here, *there))


def test_a_hundred_turns_without_a_capture_is_a_draw():
    state = position([(3, 3)], [(8, 8)], to_move=RED)
    turns = 0
    while not state.is_over():
        state = to_and_fro(state, ((3, 3), (3, 4)), ((8, 8), (8, 7)))
        turns += 1
        assert turns <= 100
    assert turns == 100 and state.moves_without_capture == 100
    assert state.outcome().winner is None and state.outcome().reason is Reason.NO_CAPTURES


def test_a_capture_resets_the_count_of_quiet_turns():
    state = position([(5, 5), (7, 6)], [(5, 9), (9, 9)], holes={(5, 5): 2, (7, 6): 2}, to_move=RED)
    state = state.apply(Move(7, 6, 5, 6))  # threatens (5,9)
    assert state.moves_without_capture == 1
    state = state.apply(Move(9, 9, 10, 10))
    assert (5, 9) not in state.pieces(BLUE) and state.moves_without_capture == 0


def test_the_draw_comes_before_the_next_turns_strike():
    # 99 quiet turns, then blue moves into the range of a red pair: the game is drawn first
    state = position([(5, 5), (5, 6), (3, 3)], [(8, 8), (8, 2)], holes={(8, 8): 3}, to_move=RED)
    for _ in range(99):
        state = to_and_fro(state, ((3, 3), (3, 4)), ((8, 2), (8, 3)))
    assert state.current_player == BLUE and state.moves_without_capture == 99
    ended = state.apply(Move(8, 8, 5, 8))
    assert ended.is_over() and ended.outcome().reason is Reason.NO_CAPTURES
    assert (5, 8) in ended.pieces(BLUE), "no strike after the draw"


# ------------------------------------------------------------------ set-up arguments


@pytest.mark.parametrize(
    "kwargs,message",
    [
        (
            {"pieces": ([(r, c) for r in (1, 2) for c in range(1, 9)], [])},
            "at most 14",
        ),
        ({"pieces": ([(0, 1)], [(5, 5)] * 1)}, "off the board"),
        ({"pieces": ([(5, 5)], [(5, 5)])}, "taken twice"),
        ({"pieces": ([(5, 5), (6, 6), (7, 7), (8, 8)], [(1, 1)] * 1)}, "already captured"),
        ({"board": [[1] * 10] * 9}, "10 rows"),
        ({"board": [[5] * 10] * 10}, "1 to 4 holes"),
        ({"target": 0}, "target"),
        ({"to_move": 2}, "to_move"),
    ],
)
def test_bad_set_up_arguments_say_what_is_wrong(kwargs, message):
    with pytest.raises(ValueError) as error:
        new_game(**kwargs)
    assert message in str(error.value)


def test_threats_after_a_move_show_what_it_builds_and_what_it_exposes():
    # red (7,6) on 2 holes moving up to (5,6) makes a pair with (5,5) that reaches (5,9),
    # and steps into the reach of the blue pair (2,6)-(3,6)
    state = position(
        [(5, 5), (7, 6)], [(5, 9), (3, 6), (2, 6)], holes={(5, 5): 2, (7, 6): 2}, to_move=RED
    )
    built, exposed = state.threats_after(Move(7, 6, 5, 6))
    assert built == {(5, 9)}
    # the blue pair (2,6)-(3,6) on column 6 reaches (5,6) (range 2: (4,6), (5,6))
    assert exposed == {(5, 6)}
    assert state.pieces(RED) >= {(7, 6)}, "nothing moved"
