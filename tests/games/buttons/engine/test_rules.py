"""One test per rule and ruling of docs/rules-buttons.md, in its order."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from buttons_game.games.buttons.engine import (
    OPT_OUT,
    ROLL,
    Dice,
    IllegalActionError,
    Phase,
    Place,
    PlaceStar,
    Reason,
    Skip,
    Status,
    new_game,
)

from .helpers import colour_spaces, game, play, roll, with_boards


def covering(layout, counts):
    """Non-adjacent spaces of ``layout`` with counts per colour, e.g. {"red": 3}."""
    wanted = [colour for colour, k in counts.items() for _ in range(k)]

    def search(chosen, i):
        if i == len(wanted):
            return chosen
        for r, c in colour_spaces(layout, wanted[i]):
            if (r, c) not in chosen and all(abs(r - r2) + abs(c - c2) > 1 for r2, c2 in chosen):
                found = search(chosen + [(r, c)], i + 1)
                if found:
                    return found
        return None

    found = search([], 0)
    assert found, "layout has too few spaces for this test"
    return found


# ------------------------------------------------------------------ components


def test_rows_follow_the_white_die_and_columns_a_black_die():
    state = roll(game(), 2, 5, 1, 1, 1, 1)
    assert state.legal_actions(0) == [Place(0, 2, 1), Place(0, 2, 5)]
    assert state.legal_actions(1) == [Place(1, 2, 5), Skip(1)]


def test_dice_are_one_white_one_gold_and_four_plain():
    state = game().apply(ROLL)
    assert state.is_chance_node() and state.current_player is None
    outcomes = state.chance_outcomes()
    assert all(len(d.plain) == 4 for d, _ in outcomes)
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    # 36 (white, gold) pairs times 126 multisets of four plain dice
    assert len(outcomes) == 36 * 126
    assert len({d for d, _ in outcomes}) == len(outcomes)


def test_red_card_marks_the_start_player_who_holds_all_six_dice():
    state = new_game(4, cards=(("blue",), ("green",), ("red",), ("yellow",)))
    assert state.active_player == 2 and state.current_player == 2
    assert state.dice_in_hand == 6 and state.plain_dice_in_hand == 4


def test_supply_is_unlimited():
    """Ruling: more buttons than the box's 50 and stars than its 60 can be on the boards."""
    checker = [(r, c) for r in range(1, 7) for c in range(1, 7) if (r + c) % 2 == 0]
    stars = [(r, c) for r in range(1, 7) for c in range(1, 7) if (r + c) % 2 == 1][:16]
    state = with_boards(
        game(), buttons={p: checker for p in range(4)}, stars={p: stars for p in range(4)}
    )
    assert sum(len(state.buttons(p)) for p in range(4)) == 72
    assert sum(len(state.stars(p)) for p in range(4)) == 64
    state = play(state, OPT_OUT, OPT_OUT, OPT_OUT, OPT_OUT)
    assert state.phase is Phase.STARS  # scoring goes on; nothing ran out


# --------------------------------------------------------------------- set-up


def test_next_player_is_the_next_in_list_order():
    state = roll(game(), 1, 1, 1, 1, 1, 1)
    state = play(state, Place(0, 1, 1), Place(1, 1, 1), Place(2, 1, 1), Place(3, 1, 1))
    assert state.active_player == 1
    state = roll(state, 3, 3, 3, 3, 3, 3)
    state = play(state, Place(1, 3, 3), Skip(2), Skip(3), Skip(0))
    assert state.active_player == 2


def test_default_layouts_are_distinct_and_seeded():
    for seed in range(50):
        state = new_game(4, seed=seed)
        layouts = [state.layout(p) for p in range(4)]
        assert len(set(layouts)) == 4
        assert layouts == [new_game(4, seed=seed).layout(p) for p in range(4)]
    assert len({tuple(new_game(4, seed=s).setup.layouts) for s in range(50)}) > 10


@pytest.mark.parametrize("players", [2, 3, 4])
def test_card_deal(players):
    seen_removed = set()
    for seed in range(60):
        state = new_game(players, seed=seed)
        dealt = [c for p in range(players) for c in state.cards(p)]
        assert len(dealt) == len(set(dealt))
        assert "red" in dealt
        for p in range(players):
            assert len(state.cards(p)) == (2 if players == 2 else 1)
        seen_removed |= {"red", "yellow", "green", "blue"} - set(dealt)
    if players == 3:
        # one non-red card is removed at random: each of the three turns up
        assert seen_removed == {"yellow", "green", "blue"}
    else:
        assert seen_removed == set()


@pytest.mark.parametrize(
    "cards",
    [
        (("red",), ("red",), ("green",), ("blue",)),
        (("red",), ("yellow",), ("green",)),
        (("yellow",), ("green",), ("blue",), ("purple",)),
        (("yellow",), ("green",), ("blue",), ("blue",)),
    ],
)
def test_bad_card_deals_are_refused(cards):
    with pytest.raises(ValueError):
        new_game(4, cards=cards)


def test_bad_set_ups_are_refused():
    with pytest.raises(ValueError, match="2, 3 or 4"):
        new_game(5)
    with pytest.raises(ValueError, match="unknown layout"):
        new_game(2, layouts=("1A", "9Z"))
    with pytest.raises(ValueError, match="must be dealt"):
        new_game(3, cards=(("yellow",), ("green",), ("blue",)))


# ---------------------------------------------------------------- placing rules


def test_placing_rules():
    state = with_boards(game(), buttons={0: [(3, 3)]}, stars={0: [(4, 5)]})
    legal = state.legal_mask(0)
    from buttons_game.games.buttons.engine.board import bit

    assert not legal & bit(3, 3), "a space holding a button"
    assert not legal & bit(4, 5), "a space holding a star"
    for r, c in [(2, 3), (4, 3), (3, 2), (3, 4)]:
        assert not legal & bit(r, c), "orthogonally next to a button"
    for r, c in [(2, 2), (2, 4), (4, 2), (4, 4)]:
        assert legal & bit(r, c), "diagonal neighbours are fine"
    for r, c in [(3, 5), (5, 5), (4, 6)]:
        assert legal & bit(r, c), "next to a star is fine"


@pytest.mark.parametrize(
    "buttons,stars,target,message",
    [
        ([(2, 4)], [], (2, 4), "already holds a button"),
        ([], [(2, 4)], (2, 4), "holds a star"),
        ([(1, 4)], [], (2, 4), "next to a button"),
    ],
)
def test_illegal_placements_say_why(buttons, stars, target, message):
    state = with_boards(game(), buttons={0: buttons}, stars={0: stars})
    state = roll(state, 2, 4, 1, 4, 4, 4)  # column 1 keeps seat 0 from busting
    assert state.legal_actions(0) == [Place(0, 2, 1)]
    with pytest.raises(IllegalActionError, match=message):
        state.apply(Place(0, *target))


# ---------------------------------------------------------------------- a round


def test_round_starts_with_empty_depots_and_boards_but_keeps_stars():
    state = with_boards(game(), buttons={0: [(1, 1)]}, stars={0: [(6, 6)]})
    state = play(state, OPT_OUT)
    state = with_boards(state, buttons={1: [(1, 1)], 2: [(1, 1)], 3: [(1, 1)]})
    state = play(state, OPT_OUT, OPT_OUT, OPT_OUT)
    for p in range(4):
        state = play(state, *[a for a in state.legal_actions(p)][:2])
    assert state.round_number == 2 and state.phase is Phase.TURN
    for p in range(4):
        assert state.depot(p) == 0 and state.buttons(p) == frozenset()
        assert state.status(p) is Status.IN_ROUND
    assert (6, 6) in state.stars(0)


def test_turn_is_roll_or_opt_out():
    state = with_boards(game(), buttons={0: [(1, 1)]})
    assert state.legal_actions() == [ROLL, OPT_OUT]
    with pytest.raises(IllegalActionError, match="must roll or opt out"):
        state.apply(Place(0, 1, 3))


def test_opt_out_needs_a_button():
    state = game()
    assert state.legal_actions() == [ROLL]
    with pytest.raises(IllegalActionError, match="without a button"):
        state.apply(OPT_OUT)


def test_opt_out_puts_one_plain_die_in_the_depot_and_passes_the_dice():
    state = with_boards(game(), buttons={0: [(1, 1), (3, 3)]})
    state = state.apply(OPT_OUT)
    assert state.depot(0) == 1 and state.status(0) is Status.OPTED_OUT
    assert state.buttons(0) == {(1, 1), (3, 3)}, "keeps buttons until scoring"
    assert state.active_player == 1 and state.dice_in_hand == 5
    assert state.plain_dice_in_hand == 3


def test_opt_out_in_a_two_player_game_puts_two_dice():
    state = with_boards(game(2), buttons={0: [(1, 1)]})
    state = state.apply(OPT_OUT)
    assert state.depot(0) == 2 and state.dice_in_hand == 4 and state.plain_dice_in_hand == 2


def test_roll_uses_all_dice_in_hand():
    state = with_boards(game(), buttons={0: [(1, 1)]})
    state = play(state, OPT_OUT, ROLL)
    assert all(len(d.plain) == 3 for d, _ in state.chance_outcomes())
    with pytest.raises(IllegalActionError, match="3 plain black dice"):
        state.apply(Dice(1, 2, (3, 4, 5, 6)))
    with pytest.raises(IllegalActionError, match="1 to 6"):
        state.apply(Dice(0, 2, (3, 4, 5)))
    state.apply(Dice(1, 2, (3, 4, 5)))


def test_other_players_may_place_on_the_gold_space_or_skip():
    state = roll(game(), 5, 6, 2, 3, 5, 6)
    for p in (1, 2, 3):
        assert state.legal_actions(p) == [Place(p, 5, 6), Skip(p)]
    with pytest.raises(IllegalActionError, match="gold space"):
        state.apply(Place(1, 5, 2))
    after = play(state, Place(0, 5, 2), Place(1, 5, 6), Skip(2), Place(3, 5, 6))
    assert after.buttons(1) == {(5, 6)} and after.buttons(2) == frozenset()
    assert after.buttons(3) == {(5, 6)}


def test_players_who_are_out_place_nothing():
    state = with_boards(game(), buttons={0: [(1, 1)]})
    state = play(state, OPT_OUT)  # seat 0 is out, seat 1 rolls
    state = roll(state, 4, 4, 4, 4, 4)
    assert 0 not in state.pending_players
    with pytest.raises(IllegalActionError, match="no decision"):
        state.apply(Place(0, 4, 4))


def test_active_player_must_place_with_any_black_die():
    state = roll(game(), 3, 1, 4, 4, 6, 6)
    assert state.legal_actions(0) == [Place(0, 3, 1), Place(0, 3, 4), Place(0, 3, 6)]
    with pytest.raises(IllegalActionError, match="must place"):
        state.apply(Skip(0))
    with pytest.raises(IllegalActionError, match="not rolled"):
        state.apply(Place(0, 3, 2))
    with pytest.raises(IllegalActionError, match="row 3"):
        state.apply(Place(0, 4, 4))


def test_bust_loses_buttons_but_not_stars_and_puts_a_plain_die_in_the_depot():
    state = with_boards(game(), buttons={0: [(2, 2), (2, 4)]}, stars={0: [(2, 6), (5, 5)]})
    state = roll(state, 2, 2, 3, 4, 6, 1)  # col 2 taken, 1/3 next to (2,2), 4 taken, 6 star
    assert state.status(0) is Status.BUSTED
    assert state.buttons(0) == frozenset()
    assert state.stars(0) == {(2, 6), (5, 5)}
    assert state.depot(0) == 1
    # the others still decide on the gold space of the busting roll
    assert state.pending_players == (1, 2, 3)


def test_bust_in_a_two_player_game_puts_two_dice():
    state = with_boards(game(2), buttons={0: [(1, 1)]})
    state = roll(state, 1, 1, 2, 2, 2, 2)
    assert state.status(0) is Status.BUSTED and state.depot(0) == 2


def test_busted_player_scores_nothing():
    red = covering("1A", {"red": 3})
    state = with_boards(game(layouts=("1A",) * 4), buttons={p: red for p in range(4)})
    r, c = red[0]  # every black die shows a column that is taken in the white die's row
    state = roll(state, r, c, c, c, c, c)
    assert state.status(0) is Status.BUSTED
    state = play(state, *[Skip(p) for p in state.pending_players])
    state = play(state, OPT_OUT, OPT_OUT, OPT_OUT)
    score = state.round_scores()[-1].seats[0]
    assert score.status is Status.BUSTED and score.total == 0
    assert state.round_scores()[-1].seats[1].total == 2  # opt out + red: the others do score
    assert state.stars_due(0) == 0 and 0 not in state.pending_players


def test_decisions_are_collected_in_any_order():
    state = roll(game(), 4, 2, 1, 1, 1, 1)
    assert state.pending_players == (0, 1, 2, 3) and state.current_player == 0
    state = play(state, Skip(3))
    assert state.pending_players == (0, 1, 2)
    state = play(state, Place(1, 4, 2))
    assert state.current_player == 0
    state = play(state, Place(0, 4, 1), Skip(2))
    assert state.phase is Phase.TURN and state.active_player == 1


def test_players_without_a_legal_choice_are_skipped():
    state = with_boards(game(), buttons={1: [(4, 2)], 2: [(4, 3)]}, stars={3: [(4, 2)]})
    state = roll(state, 4, 2, 1, 1, 1, 1)
    assert state.pending_players == (0,)


def test_bust_happens_automatically():
    state = with_boards(
        game(), buttons={0: [(1, 1)]}, stars={1: [(1, 1)], 2: [(1, 1)], 3: [(1, 1)]}
    )
    state = roll(state, 1, 1, 2, 2, 2, 2)
    # seat 0 busted, nobody else can use (1, 1): the dice have passed on
    assert state.phase is Phase.TURN and state.active_player == 1
    assert state.status(0) is Status.BUSTED


def test_dice_pass_to_the_next_player_with_an_empty_depot():
    state = with_boards(game(), buttons={1: [(1, 1)]})
    state = roll(state, 6, 6, 6, 6, 6, 6)
    state = play(state, Place(0, 6, 6), Skip(1), Skip(2), Skip(3))
    state = play(state, OPT_OUT)  # seat 1 out
    state = roll(state, 6, 1, 1, 1, 1)
    state = play(state, Place(2, 6, 1), Skip(3), Skip(0))
    assert state.active_player == 3
    state = roll(state, 1, 1, 1, 1, 1)
    state = play(state, Place(3, 1, 1), Skip(0), Skip(2))
    assert state.active_player == 0, "seat 1 is out and is passed over"


def test_last_player_in_the_round_rolls_again():
    state = with_boards(game(), buttons={p: [(1, 1)] for p in range(4)})
    state = play(state, OPT_OUT, OPT_OUT, OPT_OUT)
    assert state.active_player == 3 and state.dice_in_hand == 3
    state = roll(state, 6, 6, 6)
    state = play(state, Place(3, 6, 6))
    assert state.active_player == 3 and state.phase is Phase.TURN
    state = roll(state, 4, 4, 4)
    state = play(state, Place(3, 4, 4))
    assert state.active_player == 3
    state = play(state, OPT_OUT)
    assert state.phase is Phase.STARS, "every depot holds a die: the round ends"


def test_three_player_round_ends_when_three_depots_hold_dice():
    state = with_boards(game(3), buttons={p: [(1, 1)] for p in range(3)})
    state = play(state, OPT_OUT, OPT_OUT)
    assert state.dice_in_hand == 4
    state = play(state, OPT_OUT)
    assert state.phase is Phase.STARS and state.dice_in_hand == 3


# -------------------------------------------------------------------- scoring


def opt_all_out(state):
    players = state.players
    return play(state, *[OPT_OUT] * players)


def test_opting_out_earns_one_star():
    state = with_boards(game(), buttons={0: [(1, 1)], 1: [(1, 1)], 2: [(1, 1)], 3: [(1, 1)]})
    state = opt_all_out(state)
    for p in range(4):
        score = state.round_scores()[-1].seats[p]
        assert (score.opt_out_star, score.colours, score.card_bonus, score.total) == (1, (), (), 1)
        assert state.stars_due(p) == 1


def test_colours_covered_three_times_score_one_star_each():
    layout = "1B"  # seat 1, holds yellow
    buttons = covering(layout, {"green": 4, "blue": 3, "red": 2})
    state = with_boards(game(), buttons={p: [(1, 1)] for p in range(4)})
    state = with_boards(state, buttons={1: buttons})
    state = opt_all_out(state)
    score = state.round_scores()[-1].seats[1]
    assert set(score.colours) == {"green", "blue"}, "at most one star per colour, only at >= 3"
    assert score.card_bonus == () and score.total == 3


def test_card_bonus_for_held_colour_covered_three_times():
    state = with_boards(game(), buttons={p: [(1, 1)] for p in range(4)})
    state = with_boards(state, buttons={1: covering("1B", {"yellow": 3, "red": 3})})
    state = opt_all_out(state)
    score = state.round_scores()[-1].seats[1]
    assert set(score.colours) == {"yellow", "red"} and score.card_bonus == ("yellow",)
    assert score.total == 1 + 2 + 1 and state.stars_due(1) == 4


def test_card_without_its_colour_gives_no_bonus():
    state = with_boards(game(), buttons={p: [(1, 1)] for p in range(4)})
    state = with_boards(state, buttons={1: covering("1B", {"yellow": 2, "red": 3})})
    state = opt_all_out(state)
    assert state.round_scores()[-1].seats[1].card_bonus == ()
    assert state.stars_due(1) == 2


def test_two_player_game_gives_up_to_two_card_bonuses():
    buttons = covering("1A", {"red": 3, "yellow": 3, "green": 3})
    state = with_boards(game(2), buttons={0: buttons, 1: [(1, 1)]})
    state = opt_all_out(state)
    score = state.round_scores()[-1].seats[0]
    assert set(score.card_bonus) == {"red", "yellow"}
    assert score.total == 1 + 3 + 2 == state.stars_due(0)


def test_stars_go_only_on_this_rounds_buttons_one_per_space():
    state = with_boards(game(), buttons={p: [(1, 1), (3, 3)] for p in range(4)})
    state = opt_all_out(state)
    assert state.phase is Phase.STARS and state.pending_players == (0, 1, 2, 3)
    assert set(state.legal_actions(0)) == {PlaceStar(0, 1, 1), PlaceStar(0, 3, 3)}
    with pytest.raises(IllegalActionError, match="holding one of this round's buttons"):
        state.apply(PlaceStar(0, 2, 2))
    with pytest.raises(IllegalActionError, match="earned star"):
        state.apply(ROLL)
    state = state.apply(PlaceStar(0, 3, 3))
    assert (3, 3) in state.stars(0) and state.stars_due(0) == 0
    with pytest.raises(IllegalActionError, match="no decision"):
        state.apply(PlaceStar(0, 1, 1))


def test_exactly_the_earned_stars_are_placed_then_buttons_return():
    buttons = covering("1A", {"red": 3, "yellow": 3})
    state = with_boards(game(), buttons={0: buttons, 1: [(1, 1)], 2: [(1, 1)], 3: [(1, 1)]})
    state = opt_all_out(state)
    due = state.stars_due(0)
    assert due == 4  # opt out + red + yellow + red card
    for r, c in buttons[:due]:
        assert state.pending_players[0] == 0
        state = state.apply(PlaceStar(0, r, c))
    assert 0 not in state.pending_players
    for p in (1, 2, 3):
        state = state.apply(PlaceStar(p, 1, 1))
    assert len(state.stars(0)) == 4
    assert all(state.buttons(p) == frozenset() for p in range(4))


# ---------------------------------------------------------------- end of game


def finish_round(state, star_spaces):
    """Opt everyone out and place stars: star_spaces {seat: [spaces]}, the rest arbitrary."""
    state = opt_all_out(state)
    while state.phase is Phase.STARS:
        p = state.current_player
        wanted = [PlaceStar(p, *rc) for rc in star_spaces.get(p, [])]
        options = state.legal_actions(p)
        action = next((a for a in wanted if a in options), options[0])
        state = state.apply(action)
    return state


@pytest.mark.parametrize(
    "stars,button",
    [
        ([(2, 1), (2, 2), (2, 3), (2, 4)], (2, 5)),  # horizontal
        ([(2, 6), (3, 6), (4, 6), (5, 6)], (6, 6)),  # vertical
    ],
)
def test_five_in_a_line_ends_the_game(stars, button):
    state = with_boards(
        game(), buttons={0: [button], 1: [(1, 1)], 2: [(1, 1)], 3: [(1, 1)]}, stars={0: stars}
    )
    state = finish_round(state, {0: [button]})
    assert state.is_over()
    outcome = state.outcome()
    assert outcome.winners == (0,) and outcome.reason is Reason.FIVE_IN_LINE


def test_five_on_a_diagonal_does_not_end_the_game():
    stars = [(1, 1), (2, 2), (3, 3), (4, 4)]
    state = with_boards(
        game(), buttons={0: [(5, 5)], 1: [(1, 1)], 2: [(1, 1)], 3: [(1, 1)]}, stars={0: stars}
    )
    state = finish_round(state, {0: [(5, 5)]})
    assert not state.is_over() and state.round_number == 2
    assert len(state.stars(0)) == 5


def test_broken_line_does_not_end_the_game():
    stars = [(3, 1), (3, 2), (3, 4), (3, 5)]
    state = with_boards(
        game(), buttons={0: [(3, 6)], 1: [(1, 1)], 2: [(1, 1)], 3: [(1, 1)]}, stars={0: stars}
    )
    state = finish_round(state, {0: [(3, 6)]})
    assert not state.is_over()


def eleven_stars():
    return [(r, c) for r in (1, 3, 5) for c in (1, 3, 5)] + [(6, 2), (6, 6)]


def test_twelve_stars_end_the_game():
    state = with_boards(
        game(),
        buttons={0: [(2, 2)], 1: [(1, 1)], 2: [(1, 1)], 3: [(1, 1)]},
        stars={0: eleven_stars()},
    )
    state = finish_round(state, {0: [(2, 2)]})
    assert state.is_over()
    outcome = state.outcome()
    assert outcome.winners == (0,) and outcome.reason is Reason.TWELVE_STARS
    assert outcome.star_counts[0] == 12


def test_eleven_stars_do_not_end_the_game():
    state = with_boards(
        game(),
        buttons={0: [(2, 2)], 1: [(1, 1)], 2: [(1, 1)], 3: [(1, 1)]},
        stars={0: eleven_stars()[:10]},
    )
    state = finish_round(state, {})
    assert not state.is_over() and state.star_count(0) == 11


def test_tie_break_line_beats_more_stars_without_a_line():
    line = [(4, 1), (4, 2), (4, 3), (4, 4)]
    twelve = eleven_stars()
    state = with_boards(
        game(),
        buttons={0: [(4, 5)], 1: [(2, 2)], 2: [(1, 1)], 3: [(1, 1)]},
        stars={0: line, 1: twelve},
    )
    state = finish_round(state, {0: [(4, 5)], 1: [(2, 2)]})
    outcome = state.outcome()
    assert outcome.enders == (0, 1)
    assert outcome.winners == (0,) and outcome.reason is Reason.FIVE_IN_LINE
    assert outcome.star_counts[1] > outcome.star_counts[0]


def test_tie_break_between_lines_goes_to_most_stars():
    line = [(4, 1), (4, 2), (4, 3), (4, 4)]
    state = with_boards(
        game(),
        buttons={0: [(4, 5)], 1: [(4, 5)], 2: [(1, 1)], 3: [(1, 1)]},
        stars={0: line + [(1, 1), (1, 3)], 1: line},
    )
    state = finish_round(state, {0: [(4, 5)], 1: [(4, 5)]})
    outcome = state.outcome()
    assert outcome.candidates == (0, 1) and outcome.winners == (0,)
    assert outcome.decided_by_star_count and not outcome.shared


def test_tie_between_lines_with_equal_stars_is_shared():
    line = [(4, 1), (4, 2), (4, 3), (4, 4)]
    state = with_boards(
        game(),
        buttons={0: [(4, 5)], 1: [(4, 5)], 2: [(1, 1)], 3: [(1, 1)]},
        stars={0: line, 1: line},
    )
    state = finish_round(state, {0: [(4, 5)], 1: [(4, 5)]})
    outcome = state.outcome()
    assert outcome.winners == (0, 1) and outcome.shared


def test_tie_break_without_lines_goes_to_most_stars():
    state = with_boards(
        game(),
        buttons={0: [(2, 2)], 1: [(2, 2), (4, 4)], 2: [(1, 1)], 3: [(1, 1)]},
        stars={0: eleven_stars(), 1: eleven_stars()},
    )
    state = with_boards(state, buttons={1: covering("1B", {"yellow": 3})})
    # seat 1 earns 3 stars (opt out, yellow, yellow card), seat 0 earns 1
    state = finish_round(state, {})
    outcome = state.outcome()
    assert outcome.reason is Reason.TWELVE_STARS
    assert outcome.star_counts[0] == 12 and outcome.star_counts[1] > 12
    assert outcome.winners == (1,)


def test_tie_without_lines_is_shared():
    state = with_boards(
        game(),
        buttons={0: [(2, 2)], 1: [(2, 2)], 2: [(1, 1)], 3: [(1, 1)]},
        stars={0: eleven_stars(), 1: eleven_stars()},
    )
    state = finish_round(state, {0: [(2, 2)], 1: [(2, 2)]})
    outcome = state.outcome()
    assert outcome.winners == (0, 1) and outcome.shared and outcome.reason is Reason.TWELVE_STARS


def test_game_over_accepts_no_action():
    state = with_boards(
        game(),
        buttons={0: [(2, 2)], 1: [(1, 1)], 2: [(1, 1)], 3: [(1, 1)]},
        stars={0: eleven_stars()},
    )
    state = finish_round(state, {0: [(2, 2)]})
    assert state.current_player is None and state.legal_actions() == []
    with pytest.raises(IllegalActionError, match="over"):
        state.apply(ROLL)


# ------------------------------------------------------------------ next round


def test_cards_pass_clockwise_and_red_holder_starts_with_six_dice():
    state = with_boards(game(), buttons={p: [(1, 1)] for p in range(4)})
    state = finish_round(state, {})
    assert [state.cards(p) for p in range(4)] == [("blue",), ("red",), ("yellow",), ("green",)]
    assert state.active_player == 1 and state.dice_in_hand == 6
    assert all(state.depot(p) == 0 for p in range(4))


def test_two_players_swap_both_cards():
    state = with_boards(game(2), buttons={p: [(1, 1)] for p in range(2)})
    state = finish_round(state, {})
    assert state.cards(0) == ("green", "blue") and state.cards(1) == ("red", "yellow")
    assert state.active_player == 1


def test_three_players_pass_the_three_cards():
    state = with_boards(game(3), buttons={p: [(1, 1)] for p in range(3)})
    state = finish_round(state, {})
    assert [state.cards(p) for p in range(3)] == [("green",), ("red",), ("yellow",)]
    assert state.active_player == 1


# ------------------------------------------------------------- rulebook examples


def emma(players=4):
    """Emma (seat 0) has buttons and stars from earlier play."""
    return with_boards(game(players), buttons={0: [(3, 5)]}, stars={0: [(5, 6), (2, 1)]})


def test_rulebook_example_emma_chooses_a_column():
    state = roll(emma(), 5, 6, 2, 3, 5, 6)
    for p in (1, 2, 3):
        assert state.legal_actions(p) == [Place(p, 5, 6), Skip(p)]
    # columns 2, 3, 5 and 6 are rolled; 6 holds a star, so 2, 3 and 5 remain
    assert state.legal_actions(0) == [Place(0, 5, 2), Place(0, 5, 3), Place(0, 5, 5)]


def test_rulebook_example_emma_busts():
    state = roll(emma(2), 5, 6, 2, 3, 5, 6)
    state = play(state, Place(0, 5, 2), Skip(1))
    state = with_boards(state, buttons={1: [(1, 1)]})
    state = play(state, OPT_OUT)  # Emma is the last one in, with W, G and two plain dice
    assert state.active_player == 0 and state.plain_dice_in_hand == 2
    # row 5 again: column 2 holds a button, 3 is next to it, 6 holds a star
    state = state.apply(ROLL).apply(Dice(5, 6, (2, 3)))
    assert state.status(0) is Status.BUSTED
    assert state.buttons(0) == frozenset() and state.stars(0) == {(5, 6), (2, 1)}
    assert state.depot(0) == 2  # two plain dice in a 2-player game
    assert state.phase is Phase.STARS  # every depot holds dice: the round ends


# ----------------------------------------------------------- bust probability


def brute_force_bust(state, player):
    free = state.legal_mask(player)
    k = 1 + state.plain_dice_in_hand
    busts = 0
    from itertools import product

    for w, *blacks in product(range(1, 7), repeat=k + 1):
        if not any(free >> ((w - 1) * 6 + b - 1) & 1 for b in blacks):
            busts += 1
    return Fraction(busts, 6 ** (k + 1))


def test_bust_probability_is_exact():
    from buttons_game.games.buttons.engine import bust_fraction, bust_probability

    rng = random.Random(3)
    for _ in range(8):
        cells = rng.sample([(r, c) for r in range(1, 7) for c in range(1, 7)], rng.randrange(0, 14))
        state = with_boards(game(), buttons={0: cells[::2]}, stars={0: cells[1::2]})
        for exits in range(4):
            s = state._replace(depot=(0,) + (1,) * exits + (0,) * (3 - exits))
            assert s.plain_dice_in_hand == 4 - exits
            expected = brute_force_bust(s, 0)
            assert bust_fraction(s, 0) == expected
            assert bust_probability(s, 0) == pytest.approx(float(expected), abs=1e-15)


def test_bust_probability_of_an_empty_board_is_zero():
    from buttons_game.games.buttons.engine import bust_probability

    assert bust_probability(game(), 0) == 0.0
