"""Rules of docs/rules-kopf.md checked at their exact edges, in the quick tier.

Each test is named after the rule it guards. The limits are pinned exactly (n allowed,
n + 1 refused; the target reached at exactly the target), so that changing the engine's
comparison by one, or dropping a part of a rule, fails a test here and not only a long
random campaign.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from buttons_game.games.kopf.engine import (
    PASS,
    IllegalActionError,
    KopfState,
    Move,
    Outcome,
    Reason,
    Remove,
    make_setup,
    new_game,
)
from buttons_game.games.kopf.engine.board import DIRECTIONS

from .games import BLUE_QUIET, GROUP_MOVE, RED_QUIET, punishing_start
from .helpers import BLUE_FILLER, board, position

RED, BLUE = 0, 1


# ------------------------------------------------------------------ moving: the distance


def lone_piece(start: tuple[int, int], holes: int) -> KopfState:
    """Red to move with one piece on ``start`` (``holes`` holes) and one blue piece off
    every line through it, so that every square a move could reach is empty."""
    r, c = start
    blue = (r + 1, c + 2) if r < 10 and c < 9 else (r - 1, c - 2)
    return new_game(board=board({start: holes}), pieces=([start], [blue]), to_move=RED, target=14)


def roomy_start(dr: int, dc: int) -> tuple[int, int]:
    """A square with at least five squares ahead of it in direction (dr, dc)."""
    return (6 if dr < 0 else 5, 6 if dc < 0 else 5)


def assert_refused(state: KopfState, action: object, code: str) -> IllegalActionError:
    problem = state.problem(action)
    assert problem is not None and problem.code == code, (action, problem)
    with pytest.raises(IllegalActionError) as error:
        state.apply(action)  # type: ignore[arg-type]
    assert error.value.code == code
    return error.value


def assert_allowed(state: KopfState, move: Move) -> None:
    assert state.problem(move) is None, move
    assert move in state.legal_actions()
    assert (move.to_row, move.to_col) in state.move_targets(move.from_row, move.from_col)
    after = state.apply(move)
    assert (move.to_row, move.to_col) in after.pieces(RED)
    assert (move.from_row, move.from_col) not in after.pieces(RED)


def assert_not_offered(state: KopfState, move: Move) -> None:
    assert move not in state.legal_actions()
    assert (move.to_row, move.to_col) not in state.move_targets(move.from_row, move.from_col)


@pytest.mark.parametrize("holes", [1, 2, 3])
@pytest.mark.parametrize("direction", DIRECTIONS)
def test_a_piece_on_one_two_or_three_holes_moves_exactly_that_many_squares(holes, direction):
    dr, dc = direction
    r, c = roomy_start(dr, dc)
    state = lone_piece((r, c), holes)
    assert_allowed(state, Move(r, c, r + dr * holes, c + dc * holes))
    for distance in (holes - 1, holes + 1):
        if distance == 0:
            continue
        move = Move(r, c, r + dr * distance, c + dc * distance)
        error = assert_refused(state, move, "wrong_distance")
        assert error.details == {"holes": holes, "distance": distance}
        assert_not_offered(state, move)


@pytest.mark.parametrize("direction", DIRECTIONS)
def test_a_piece_on_four_holes_moves_at_most_four_squares(direction):
    dr, dc = direction
    r, c = roomy_start(dr, dc)
    state = lone_piece((r, c), 4)
    for distance in (1, 2, 3, 4):
        assert_allowed(state, Move(r, c, r + dr * distance, c + dc * distance))
    five = Move(r, c, r + dr * 5, c + dc * 5)
    error = assert_refused(state, five, "wrong_distance")
    assert error.details == {"holes": 4, "distance": 5}
    assert_not_offered(state, five)


@pytest.mark.parametrize("holes", [1, 2, 3, 4])
@pytest.mark.parametrize("direction", DIRECTIONS)
def test_a_piece_its_holes_away_from_the_edge_may_move_onto_the_edge(holes, direction):
    dr, dc = direction
    # exactly ``holes`` squares from the edge in this direction
    r = 1 + holes if dr < 0 else 10 - holes if dr > 0 else 5
    c = 1 + holes if dc < 0 else 10 - holes if dc > 0 else 5
    state = lone_piece((r, c), holes)
    assert_allowed(state, Move(r, c, r + dr * holes, c + dc * holes))


# ------------------------------------------------------------------ punishing


def two_red_groups() -> KopfState:
    """Blue to move; red has two forbidden groups, a line of four and a line of three."""
    red = [(5, 5), (5, 6), (5, 7), (5, 8), (8, 2), (8, 3), (8, 4)]
    return position(red, [], to_move=BLUE)


def test_with_two_forbidden_groups_the_pieces_of_both_may_be_removed():
    state = two_red_groups()
    assert state.punishing and len(state.pending_groups()) == 2
    both = {(5, 5), (5, 6), (5, 7), (5, 8), (8, 2), (8, 3), (8, 4)}
    assert set(state.legal_actions()) == {Remove(r, c) for r, c in both}
    for r, c in both:
        assert state.problem(Remove(r, c)) is None, (r, c)
    # whichever group is punished first, the other's pieces are then the only choice
    first = state.apply(Remove(8, 3))
    assert set(first.legal_actions()) == {Remove(5, c) for c in (5, 6, 7, 8)}
    other = state.apply(Remove(5, 5))
    assert set(other.legal_actions()) == {Remove(8, c) for c in (2, 3, 4)}


def test_a_punishment_resets_the_count_of_quiet_turns():
    game = punishing_start(to_move=RED)
    state = game.state.apply(RED_QUIET).apply(BLUE_QUIET).apply(GROUP_MOVE)
    assert state.punishing and state.moves_without_capture == 3
    punished = state.apply(Remove(5, 5))
    assert punished.last_captured == {(5, 5)}, "a punishment and no strike"
    assert punished.moves_without_capture == 0
    assert punished.apply(Move(8, 3, 8, 2)).moves_without_capture == 1


def test_the_draw_count_starts_again_after_a_punishment():
    # 98 quiet turns, then red's move makes a group that blue punishes: two turns later
    # (100 in all) the game is not drawn, the count having started again at the punishment
    game = punishing_start(to_move=RED)
    state = game.state
    back = {RED_QUIET: Move(9, 1, 10, 1), BLUE_QUIET: Move(8, 3, 8, 2)}
    moves = {RED: [RED_QUIET, back[RED_QUIET]], BLUE: [BLUE_QUIET, back[BLUE_QUIET]]}
    for turn in range(98):
        state = state.apply(moves[state.current_player][turn // 2 % 2])
    assert state.moves_without_capture == 98 and state.current_player == RED
    state = state.apply(GROUP_MOVE).apply(Remove(5, 5)).apply(Move(8, 3, 8, 2))
    assert not state.is_over() and state.moves_without_capture == 1


def test_a_winning_punishment_ends_the_game_before_the_strike():
    # blue has captured 9 (red has 5 left); the blue pair (8,4)-(8,5) threatens red (8,7),
    # but the strike waits for the punishment, and the punishment is the 10th capture
    red = [(5, 5), (5, 6), (5, 7), (8, 7), (2, 2)]
    blue = [(8, 4), (8, 5), *BLUE_FILLER]
    state = position(red, blue, to_move=BLUE, filler=False)
    assert state.punishing and state.captured(BLUE) == 9
    assert (8, 7) in state.threatened(RED)
    won = state.apply(Remove(5, 6))
    assert won.is_over() and won.outcome() == Outcome(BLUE, Reason.CAPTURES, (7, 10))
    assert (8, 7) in won.pieces(RED), "no strike after the winning punishment"
    assert won.captured(BLUE) == 10 and won.last_captured == {(5, 6)}


# ------------------------------------------------------------------ set-up: the target


def side(count: int, rows: tuple[int, int]) -> list[tuple[int, int]]:
    squares = [(r, c) for r in rows for c in range(1, 11)]
    return squares[:count]


@pytest.mark.parametrize("target", [1, 8, 10])
def test_a_set_up_where_red_has_already_reached_the_target_is_refused(target):
    red = side(14, (1, 2))
    with pytest.raises(ValueError) as error:
        make_setup(target=target, pieces=(red, side(14 - target, (9, 10))))
    assert f"red has already captured {target} pieces" in str(error.value)
    one_short = make_setup(target=target, pieces=(red, side(15 - target, (9, 10))))
    assert one_short.target == target


@pytest.mark.parametrize("target", [1, 8, 10])
def test_a_set_up_where_blue_has_already_reached_the_target_is_refused(target):
    blue = side(14, (9, 10))
    with pytest.raises(ValueError) as error:
        make_setup(target=target, pieces=(side(14 - target, (1, 2)), blue))
    assert f"blue has already captured {target} pieces" in str(error.value)
    one_short = make_setup(target=target, pieces=(side(15 - target, (1, 2)), blue))
    assert one_short.target == target


def test_a_game_to_one_capture_starts_from_the_full_start_ring():
    state = new_game(target=1)
    assert not state.is_over() and state.target == 1 and state.captured(RED) == 0


# ------------------------------------------------------------------ groups


SHAPES = {
    "an L": [(3, 3), (4, 3), (5, 3), (6, 3), (6, 4), (6, 5)],
    "a mirrored L": [(3, 7), (4, 7), (5, 7), (5, 6), (5, 5), (5, 4)],
    "a U": [(4, 3), (5, 3), (6, 3), (6, 4), (6, 5), (5, 5), (4, 5)],
    "a T": [(4, 3), (4, 4), (4, 5), (4, 6), (4, 7), (5, 5), (6, 5), (7, 5)],
    "a bent chain through corners": [(3, 3), (4, 4), (5, 5), (6, 4), (7, 3), (8, 4)],
    "a zigzag": [(4, 2), (5, 3), (4, 4), (5, 5), (4, 6), (5, 7)],
}


@pytest.mark.parametrize("shape", SHAPES)
def test_a_bent_group_is_one_forbidden_group(shape):
    pieces = set(SHAPES[shape])
    state = position(pieces, [], to_move=BLUE)
    assert state.forbidden_groups(RED) == (pieces,)
    assert state.pending_groups() == (pieces,)
    assert set(state.legal_actions()) == {Remove(r, c) for r, c in pieces}
    # one piece punishes the whole group
    after = state.apply(Remove(*max(pieces)))
    assert not after.punishing and after.captured(BLUE) == state.captured(BLUE) + 1


# ------------------------------------------------------------------ what the screen asks


def test_no_move_targets_while_a_punishment_is_pending():
    # blue (8,2) could move, but blue must first punish the red group
    state = position([(5, 5), (5, 6), (5, 7)], [(8, 2)], to_move=BLUE)
    assert state.punishing
    assert state.move_targets(8, 2) == frozenset()
    after = state.apply(Remove(5, 6))
    assert after.move_targets(8, 2) == {(8 + dr, 2 + dc) for dr, dc in DIRECTIONS}


def test_no_move_targets_for_the_opponents_pieces_or_an_empty_square():
    state = position([(5, 5)], [(7, 7)], to_move=BLUE)
    assert state.move_targets(7, 7), "blue's own piece has targets"
    assert state.move_targets(5, 5) == frozenset(), "red's piece, blue to move"
    assert state.move_targets(6, 6) == frozenset()
    red = state.apply(Move(7, 7, 7, 8))
    assert red.move_targets(5, 5) and red.move_targets(7, 8) == frozenset()


def test_no_move_targets_once_the_game_is_over():
    state = punishing_start(to_move=RED).state
    drawn = state._child(None)
    drawn._outcome = Outcome(None, Reason.NO_CAPTURES, (0, 0))
    assert state.move_targets(5, 5) and drawn.move_targets(5, 5) == frozenset()


def test_piece_at_tells_red_blue_and_empty_squares():
    state = new_game()
    for r in range(1, 11):
        for c in range(1, 11):
            expected = RED if (r, c) in state.pieces(RED) else None
            expected = BLUE if (r, c) in state.pieces(BLUE) else expected
            assert state.piece_at(r, c) == expected, (r, c)
    assert state.piece_at(2, 2) == RED and state.piece_at(2, 3) == BLUE
    assert state.piece_at(9, 9) == RED and state.piece_at(9, 2) == BLUE
    assert state.piece_at(5, 5) is None and state.piece_at(1, 1) is None


# ------------------------------------------------------------------ equality


def test_equal_states_are_equal_whatever_the_history():
    assert new_game() == new_game() and hash(new_game()) == hash(new_game())
    # red shifts two filler pieces in either order, blue one between: the same position
    start = punishing_start(to_move=RED).state
    first, second = Move(10, 1, 9, 1), Move(10, 3, 9, 3)
    one = start.apply(first).apply(BLUE_QUIET).apply(second)
    two = start.apply(second).apply(BLUE_QUIET).apply(first)
    assert one.history() != two.history()
    assert one == two and hash(one) == hash(two)


def changed(state: KopfState, field: str, value: object) -> KopfState:
    """A copy of ``state`` with one field changed."""
    copy = state._child(None)
    setattr(copy, field, value)
    return copy


def _position_changes(state: KopfState) -> list[tuple[str, object]]:
    """One field of the position changed at a time: pieces, mover, groups, quiet turns."""
    return [
        ("_masks", (state.piece_mask(RED) & ~(1 << 44), state.piece_mask(BLUE))),
        ("_masks", (state.piece_mask(RED), state.piece_mask(BLUE) | 1)),
        ("_to_move", RED),
        ("_pending", ()),
        ("_quiet", 3),
    ]


def test_states_differing_in_any_one_field_are_unequal():
    state = punishing_start(to_move=BLUE).state.apply(BLUE_QUIET).apply(GROUP_MOVE)
    assert state.punishing and state.moves_without_capture == 2
    assert changed(state, "_history", None) == state, "the history is not compared"
    setup = state.setup
    other_board = [list(row) for row in setup.board]
    other_board[0][0] = 2
    for field, value in (
        *_position_changes(state),
        ("_outcome", Outcome(None, Reason.NO_CAPTURES, (0, 0))),
        ("_setup", replace(setup, board=tuple(tuple(row) for row in other_board))),
        ("_setup", replace(setup, target=8)),
    ):
        other = changed(state, field, value)
        assert other != state and state != other, field


# ------------------------------------------------------------------ reason codes


def test_any_action_once_the_game_is_over_is_refused_as_game_over():
    red = [(5, 9), (3, 1), (3, 3), (3, 5), (3, 7)]  # 5 left: blue has captured 9
    blue = [(5, 5), (5, 6), *BLUE_FILLER[:3]]
    won = position(red, blue, holes={(5, 5): 2}, filler=False)
    assert won.is_over() and won.outcome().winner == BLUE
    for action in (Move(5, 5, 5, 7), Remove(5, 9), PASS, "pass"):
        assert_refused(won, action, "game_over")


@pytest.mark.parametrize("value", [None, "pass", (5, 5, 6, 6), Move, Remove, {"type": "pass"}])
def test_what_is_not_an_action_is_refused_as_not_an_action(value):
    assert_refused(new_game(), value, "not_an_action")
    assert_refused(two_red_groups(), value, "not_an_action")


@pytest.mark.parametrize("square", [(0, 5), (11, 5), (5, 0), (5, 11), (4, 11), (True, 5)])
def test_a_remove_off_the_board_is_refused_as_off_board(square):
    # (4, 11) would be (5, 1) if the column ran on into the next row: a red group piece
    state = position([(5, 1), (5, 2), (6, 1)], [], to_move=BLUE)
    assert state.punishing
    assert_refused(state, Remove(*square), "off_board")
    assert state.apply(Remove(5, 1)).captured(BLUE) == state.captured(BLUE) + 1


# ------------------------------------------------------------------ the board's shape


@pytest.mark.parametrize("bad_row", [9, 11, 0])
def test_a_board_row_that_is_not_ten_squares_long_is_refused(bad_row):
    grid = board()
    grid[2] = [1] * bad_row
    with pytest.raises(ValueError, match="row 3 of the board must have 10 squares"):
        new_game(board=grid)


@pytest.mark.parametrize("rows", [0, 9, 11])
def test_a_board_of_other_than_ten_rows_is_refused(rows):
    with pytest.raises(ValueError, match="the board must have 10 rows"):
        new_game(board=[[1] * 10 for _ in range(rows)])


def test_states_differing_in_pieces_mover_pending_groups_or_quiet_turns_hash_apart():
    state = punishing_start(to_move=BLUE).state.apply(BLUE_QUIET).apply(GROUP_MOVE)
    for field, value in _position_changes(state):
        assert hash(changed(state, field, value)) != hash(state), field


def test_a_set_of_squares_and_its_mask_are_one_and_the_same():
    from buttons_game.games.kopf.engine.board import index, mask_of, squares_of

    squares = {(1, 1), (1, 10), (5, 6), (10, 1), (10, 10)}
    mask = mask_of(squares)
    assert mask == sum(1 << index(r, c) for r, c in squares)
    assert mask.bit_count() == 5 and squares_of(mask) == squares
    assert mask_of([]) == 0 and squares_of(0) == frozenset()
    assert mask_of([(3, 4), (3, 4)]) == 1 << index(3, 4), "a square counted once"


# ------------------------------------------------------- what a refusal names, the target


def test_a_refusal_names_the_square_it_is_about():
    """The table marks the square a refusal names: its details give its row and column."""
    red = [(5, 5), (5, 6), (5, 7), (5, 8), (8, 2), (8, 3), (8, 4)]
    once = position(red, [], to_move=BLUE).apply(Remove(5, 5))
    refused = assert_refused(once, Remove(5, 6), "not_in_group")
    assert refused.details == {"row": 5, "col": 6}
    state = position([(5, 5)], [], holes={(5, 5): 2}, to_move=RED)
    refused = assert_refused(state, Move(6, 6, 6, 8), "not_own_piece")
    assert refused.details == {"row": 6, "col": 6}


def test_a_won_game_leaves_no_group_to_punish():
    red = [(5, 5), (5, 6), (5, 7), (8, 7), (2, 2)]
    state = position(red, [(8, 4), (8, 5), *BLUE_FILLER], to_move=BLUE, filler=False)
    won = state.apply(Remove(5, 6))
    assert won.is_over() and won.pending_groups() == () and not won.punishing


def test_a_game_is_played_to_ten_captures_unless_told_otherwise():
    assert make_setup().target == 10 and new_game().setup.target == 10


# ------------------------------------------------------- threats, holes, a fresh game


@pytest.mark.parametrize("own, other", [((5, 8), (5, 9)), ((5, 3), (5, 2))])
def test_a_pairs_own_piece_in_the_way_shields_the_opponent_behind_it(own, other):
    # red's pair (5,5)-(5,6) on 2 + 1 holes reaches 3 squares each way; a red piece (in
    # no pair of its own) stands between it and the blue piece
    holes = {(5, 5): 2}
    state = position([(5, 5), (5, 6), own], [other], holes=holes, to_move=BLUE)
    assert other not in state.threatened(BLUE)
    free = position([(5, 5), (5, 6)], [other], holes=holes, to_move=BLUE)
    assert other in free.threatened(BLUE), "without it, the piece is threatened"


@pytest.mark.parametrize("mover", [RED, BLUE])
def test_the_threats_a_move_would_leave_are_those_of_the_position_after_it(mover):
    state = punishing_start(to_move=mover).state
    if state.punishing:
        state = state.apply(state.legal_actions()[0])
    assert not state.punishing and not state.is_over()
    p = state.to_move
    for move in [a for a in state.legal_actions() if isinstance(a, Move)][:40]:
        masks = [state.piece_mask(RED), state.piece_mask(BLUE)]
        frm, to = (move.from_row, move.from_col), (move.to_row, move.to_col)
        masks[p] = masks[p] & ~_bit(*frm) | _bit(*to)
        moved = changed(state, "_masks", (masks[0], masks[1]))
        assert state.threats_after(move) == (moved.threatened(1 - p), moved.threatened(p)), move


def _bit(row: int, col: int) -> int:
    from buttons_game.games.kopf.engine.board import index

    return 1 << index(row, col)


def test_each_square_shows_the_holes_of_the_board_it_was_set_up_with():
    holes = {(1, 1): 2, (3, 7): 3, (10, 10): 4, (6, 2): 1}
    state = position([(5, 5)], [(6, 6)], holes=holes)
    for row in range(1, 11):
        for col in range(1, 11):
            assert state.holes(row, col) == holes.get((row, col), 1), (row, col)


def test_a_new_game_has_no_group_to_punish():
    state = new_game()
    assert state.pending_groups() == () and not state.punishing


def test_a_draw_by_quiet_turns_reports_the_captures_so_far():
    state = punishing_start(to_move=BLUE).state.apply(BLUE_QUIET)
    nearly = changed(state, "_quiet", 99)
    move = next(a for a in nearly.legal_actions() if isinstance(a, Move))
    drawn = nearly.apply(move)  # the hundredth turn without a capture
    outcome = drawn.outcome()
    assert outcome is not None and outcome.winner is None
    assert outcome.reason is Reason.NO_CAPTURES
    assert outcome.captured == (drawn.captured(RED), drawn.captured(BLUE)) == (8, 6)


def test_a_piece_far_from_a_group_is_not_part_of_it():
    from buttons_game.games.kopf.engine.board import groups, mask_of, squares_of

    lone, group = {(1, 1)}, {(5, 5), (5, 6), (5, 7)}
    found = sorted(map(squares_of, groups(mask_of(lone | group))), key=len)
    assert found == [lone, group]


def test_a_move_onto_a_taken_square_names_that_square():
    state = position([(5, 5)], [(5, 6)], holes={(5, 5): 1}, to_move=RED)
    refused = assert_refused(state, Move(5, 5, 5, 6), "square_taken")
    assert refused.details == {"row": 5, "col": 6}


def test_an_opponent_next_to_a_pair_is_threatened_whatever_stands_behind_it():
    # red's pair (5,5)-(5,6); blue on (5,7) right beside it, a lone red piece behind blue
    state = position([(5, 5), (5, 6), (5, 8)], [(5, 7)], holes={(5, 5): 2}, to_move=BLUE)
    assert (5, 7) in state.threatened(BLUE)
