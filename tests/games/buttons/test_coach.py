"""The coach: its figures against the solo-round solver, no peeking at later dice, and the
``review`` command's output and errors."""

import json
import random
import subprocess
import sys

import pytest

from buttons_game.cli import main
from buttons_game.games.buttons.bots import make_bot
from buttons_game.games.buttons.bots.hard import HardBot
from buttons_game.games.buttons.bots.solver import SoloSolver
from buttons_game.games.buttons.coach import (
    Decision,
    costliest_first,
    review_game,
    review_round,
    review_to_json,
)
from buttons_game.games.buttons.engine import (
    COLOUR_MASKS,
    OPT_OUT,
    ROLL,
    Dice,
    Place,
    bust_fraction,
    replay,
    sample_dice,
)
from buttons_game.games.buttons.engine.board import bit, mask_of
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.games.kopf.game import KopfGame
from buttons_game.paths import HOME_VARIABLE
from buttons_game.saves import save_game

ANN, BOB = 0, 1
SEATS = (Seat("Ann"), Seat("Bob", "hard"))
# Ann's buttons after the opening: red (1,1) (3,1) (3,4), yellow (1,3) (1,6), green (5,2).
# She holds the red and yellow cards, so opting out now earns 1 + 2 = 3 stars.
OPENING = [(1, 1), (3, 1), (3, 4), (1, 3), (1, 6), (5, 2)]


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv(HOME_VARIABLE, str(tmp_path / "home"))


def ann_solver() -> SoloSolver:
    """Ann alone in the round with W, G and two plain dice: three black dice."""
    return SoloSolver(0, COLOUR_MASKS["1A"], (True, True, False, False), 3)


def opening() -> Game:
    """Bob takes one button and opts out; Ann then rolls alone, six buttons, 14 open spaces."""
    game = Game.new(
        SEATS, layouts=("1A", "1B"), cards=(("red", "yellow"), ("green", "blue")), seed=1
    )
    assert game.state.active_player == ANN
    game = game.apply(ROLL).apply(Dice(1, 1, (1, 1, 1, 1)))
    game = game.apply(Place(ANN, 1, 1)).apply(Place(BOB, 1, 1)).apply(OPT_OUT)
    for row, col in OPENING[1:]:
        game = game.apply(ROLL).apply(Dice(row, col, (col, col))).apply(Place(ANN, row, col))
    return game


def index_of_next(game: Game) -> int:
    return len(game.state.history())


def decision_at(decisions, index: int) -> Decision:
    (found,) = [d for d in decisions if d.index == index]
    return found


def placing_on_row_4(col: int) -> tuple[Game, int]:
    """Ann rolls row 4 with columns 3, 5 and 6 shown, places on ``col`` and opts out."""
    game = opening().apply(ROLL).apply(Dice(4, 5, (3, 6)))
    index = index_of_next(game)
    return game.apply(Place(ANN, 4, col)).apply(OPT_OUT), index


def rolling_on_at_five_stars() -> tuple[Game, int, Game]:
    """Ann completes yellow (5 stars if she stops), rolls anyway, places and opts out.

    Returns the game, the index of that roll, and the game just before her final opt-out.
    """
    game = opening().apply(ROLL).apply(Dice(5, 5, (5, 5))).apply(Place(ANN, 5, 5))
    index = index_of_next(game)
    game = game.apply(ROLL).apply(Dice(6, 3, (3, 3))).apply(Place(ANN, 6, 3))
    return game.apply(OPT_OUT), index, game


# ------------------------------------------------------------------ figures


def test_rolling_where_opting_out_is_clearly_best_leaves_the_difference():
    game, index, _ = rolling_on_at_five_stars()
    decision = decision_at(review_game(game, ANN).decisions, index)
    buttons = mask_of([*OPENING, (5, 5)])
    solver = ann_solver()
    roll = solver.roll_value(buttons)  # exact: no depth limit
    assert solver.stop_value(buttons) == 5.0 and roll < 3.0
    assert (decision.kind, decision.chosen, decision.best) == ("roll", "roll", "opt_out")
    assert decision.expected_chosen == pytest.approx(roll, abs=1e-12)
    assert decision.expected_best == 5.0
    assert decision.stars_left == pytest.approx(5.0 - roll, abs=1e-12) and decision.stars_left > 2
    assert not decision.matched and decision.exact and decision.round == 1
    before = replay(game.state.setup, game.state.history()[:index])
    assert decision.bust_probability == pytest.approx(float(bust_fraction(before, ANN)))
    assert 0.4 < decision.bust_probability < 0.7


def test_a_space_worse_than_the_best_one_is_priced_by_the_solver():
    game, index = placing_on_row_4(5)
    decision = decision_at(review_game(game, ANN).decisions, index)
    solver = ann_solver()
    board = mask_of(OPENING)
    values = {col: solver.value(board | bit(4, col)) for col in (3, 5, 6)}
    assert values[3] == 5.0 and values[5] == values[6] == 3.0  # (4, 3) completes yellow
    assert (decision.kind, decision.chosen, decision.best) == ("place", "(4, 5)", "(4, 3)")
    assert decision.expected_chosen == pytest.approx(values[5], abs=1e-12)
    assert decision.expected_best == pytest.approx(values[3], abs=1e-12)
    assert decision.stars_left == pytest.approx(2.0) and decision.bust_probability is None


def test_the_roll_before_is_judged_by_the_solver_too():
    game, _ = placing_on_row_4(5)
    solver = ann_solver()
    board = mask_of(OPENING)
    rolls = [d for d in review_game(game, ANN).decisions if d.kind == "roll"]
    last = rolls[-1]  # six buttons: 3 stars now, a roll is worth less
    assert last.exact and last.best == "opt_out" and last.expected_best == 3.0
    assert last.expected_chosen == pytest.approx(solver.roll_value(board), abs=1e-12)
    assert len(rolls) == 6  # the first roll of the round had no choice and is left out


def test_the_hard_bots_placement_counts_as_matched():
    game, index = placing_on_row_4(3)
    state = replay(game.state.setup, game.state.history()[:index])
    assert HardBot(0).choose(state, ANN) == Place(ANN, 4, 3)
    review = review_game(game, ANN)
    decision = decision_at(review.decisions, index)
    assert decision.matched and decision.stars_left == 0.0 and decision in review.matched
    assert decision.chosen == decision.best == "(4, 3)" and decision.expected_chosen == 5.0


def test_the_hard_bots_opt_out_counts_as_matched():
    game, _, before = rolling_on_at_five_stars()
    assert HardBot(0).choose(before.state) == OPT_OUT
    review = review_game(game, ANN)
    decision = review.decisions[-1]
    assert decision.index == index_of_next(before)
    assert (decision.kind, decision.chosen, decision.best) == ("opt_out", "opt_out", "opt_out")
    assert decision.matched and decision.stars_left == 0.0 and decision in review.matched
    assert decision.expected_chosen == decision.expected_best == 5.0


def test_bobs_early_opt_out_and_his_gold_space_placement():
    game, _ = placing_on_row_4(5)
    review = review_game(game, BOB)
    place, opt_out = review.decisions
    assert place.kind == "place" and place.chosen == "(1, 1)" and place.index == 3
    assert opt_out.kind == "opt_out" and opt_out.best == "roll"
    assert opt_out.expected_chosen == 1.0 and opt_out.stars_left > 0.5
    assert review.bot == "hard" and review.name == "Bob"


def test_a_seat_summed_up():
    game, _, _ = rolling_on_at_five_stars()
    review = review_game(game, ANN)
    assert [r.round for r in review.rounds] == [1]
    (first,) = review.rounds
    assert first.decisions == review.decisions
    assert first.stars_left == pytest.approx(sum(d.stars_left for d in review.decisions))
    assert review.stars_left == pytest.approx(first.stars_left)
    assert review.matched == tuple(d for d in review.decisions if d.stars_left == 0)
    assert review.worst_round == first
    assert [d.index for d in review.decisions] == sorted(d.index for d in review.decisions)
    costly = costliest_first(review.decisions)
    assert [d.stars_left for d in costly] == sorted((d.stars_left for d in costly), reverse=True)
    assert costly[0].best == "opt_out" and costly[0].stars_left > 2


def test_review_round_is_the_same_round_of_the_whole_review():
    game, _ = placing_on_row_4(5)
    for seat in (ANN, BOB):
        assert review_round(game, seat, 1) == review_game(game, seat).rounds[0]
    with pytest.raises(ValueError, match="round 2"):
        review_round(game, ANN, 2)
    with pytest.raises(ValueError, match="seat 2"):
        review_game(game, 2)


def test_a_state_without_its_history_is_refused():
    game, _ = placing_on_row_4(5)
    bare = Game(game.seats, game.state._replace())
    with pytest.raises(ValueError, match="history"):
        review_game(bare, ANN)


def test_no_decision_no_worst_round():
    game = Game.new(SEATS, seed=3)
    review = review_game(game, ANN)
    assert review.decisions == () and review.stars_left == 0 and review.worst_round is None


# ------------------------------------------------------- no future dice


def test_later_dice_do_not_change_the_earlier_figures():
    placed, split = placing_on_row_4(5)  # the roll at six buttons came up row 4
    rolled_on, _, _ = rolling_on_at_five_stars()  # ... or row 5
    roll_index = split - 2  # the Roll itself, before the dice differ
    one = [d for d in review_game(placed, ANN).decisions if d.index <= roll_index]
    two = [d for d in review_game(rolled_on, ANN).decisions if d.index <= roll_index]
    assert one == two and one[-1].index == roll_index and one[-1].kind == "roll"
    assert placed.state.history()[roll_index + 1] != rolled_on.state.history()[roll_index + 1]


def play_bots(game: Game, rng: random.Random, steps: int) -> Game:
    from buttons_game.core.control import bot_control
    from buttons_game.core.match import Match, Scripted

    bots = [bot_control(make_bot(seat.bot or "medium", 5)) for seat in game.seats]
    dice = Scripted(lambda played: sample_dice(played.state, rng))
    match = Match(game, bots, chance=dice, strict_bots=True)
    match.run(steps)
    return match.game


@pytest.mark.slow
def test_bot_games_that_part_ways_agree_on_every_decision_before():
    seats = tuple(Seat(f"S{i}", level) for i, level in enumerate(("hard", "medium", "easy")))
    prefix = play_bots(Game.new(seats, seed=11), random.Random(1), 70)
    split = len(prefix.state.history())
    one = play_bots(prefix, random.Random(2), 40)
    two = play_bots(prefix, random.Random(3), 40)
    assert one.state.history()[split:] != two.state.history()[split:]
    compared = 0
    for seat in range(3):
        for r in range(1, prefix.state.round_number + 1):
            a = [d for d in review_round(one, seat, r).decisions if d.index < split]
            b = [d for d in review_round(two, seat, r).decisions if d.index < split]
            assert a == b
            compared += len(a)
    assert compared >= 10


@pytest.mark.slow  # many bot decisions
def test_the_hard_bot_mostly_matches_and_the_random_bot_does_not():
    seats = (Seat("Hard", "hard"), Seat("Random", "random"))
    game = play_bots(Game.new(seats, seed=4), random.Random(4), 10_000)
    assert game.state.is_over()
    hard, rand = review_game(game, 0), review_game(game, 1)
    for review in (hard, rand):
        for d in review.decisions:
            assert d.expected_best >= d.expected_chosen - 1e-9 and d.stars_left >= 0
            assert d.matched == (d.stars_left == 0) == (d in review.matched)
    assert len(hard.matched) >= 0.8 * len(hard.decisions) > 0
    assert len(rand.matched) / len(rand.decisions) < len(hard.matched) / len(hard.decisions)
    assert rand.stars_left > hard.stars_left


def test_the_coach_never_imports_pygame_or_the_translations():
    code = (
        "import sys\n"
        "sys.modules['pygame'] = None\n"
        "import buttons_game.games.buttons.coach\n"
        "names = ('pygame', 'buttons_game.i18n', 'i18n')\n"
        "bad = [m for m, module in sys.modules.items() if module and m.startswith(names)]\n"
        "assert not bad, bad\n"
        "print('ok')\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


# -------------------------------------------------------------------- JSON


def test_review_to_json_has_the_documented_shape():
    game, _ = placing_on_row_4(5)
    data = review_to_json(review_game(game, ANN))
    assert json.loads(json.dumps(data)) == data
    assert {"seat", "name", "stars_left", "rounds"} <= set(data)
    assert data["seat"] == ANN and data["name"] == "Ann"
    (first,) = data["rounds"]
    assert {"round", "stars_left", "decisions"} <= set(first) and first["round"] == 1
    for d in first["decisions"]:
        assert {"kind", "chosen", "best", "expected_chosen", "expected_best"} <= set(d)
        assert d["kind"] in ("roll", "opt_out", "place")
    place = [d for d in first["decisions"] if d["kind"] == "place"][-1]
    assert (place["chosen"], place["best"], place["expected_best"]) == ("(4, 5)", "(4, 3)", 5.0)


# --------------------------------------------------------------------- CLI


@pytest.fixture
def saved(tmp_path):
    game, _, _ = rolling_on_at_five_stars()
    path = tmp_path / "ann.json"
    save_game(game, path, name="Ann and Bob")
    return path


def test_review_json_covers_every_seat(saved, capsys):
    assert main(["review", str(saved), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data) == ["seats"]
    assert [s["seat"] for s in data["seats"]] == [ANN, BOB]
    assert [s["name"] for s in data["seats"]] == ["Ann", "Bob"]
    game, _, _ = rolling_on_at_five_stars()
    assert data["seats"][0] == review_to_json(review_game(game, ANN))
    for seat in data["seats"]:
        assert {"seat", "name", "stars_left", "rounds"} <= set(seat)
        for played in seat["rounds"]:
            assert {"round", "stars_left", "decisions"} <= set(played)
            for d in played["decisions"]:
                assert {"kind", "chosen", "best", "expected_chosen", "expected_best"} <= set(d)


def test_review_one_seat(saved, capsys):
    assert main(["review", str(saved), "--seat", "2", "--json"]) == 0
    (seat,) = json.loads(capsys.readouterr().out)["seats"]
    assert seat["seat"] == BOB and seat["name"] == "Bob"


def test_review_prints_a_table(saved, capsys):
    assert main(["review", str(saved), "--seat", "1"]) == 0
    out = capsys.readouterr().out
    game, index, _ = rolling_on_at_five_stars()
    review = review_game(game, ANN)
    assert out.startswith("Seat 1: Ann (person)\n") and "Seat 2" not in out
    mistake = decision_at(review.decisions, index)
    row = [line for line in out.splitlines() if line.split()[:2] == ["1", "roll"]][-1]
    assert row.split()[-3:] == ["opt", "out", f"{mistake.stars_left:.2f}"]
    assert f"{mistake.expected_chosen:.2f}" in row and "5.00" in row
    best_rows = [line for line in out.splitlines() if line.rstrip().endswith("*")]
    assert len(best_rows) == len(review.matched)
    assert f"Total: {review.stars_left:.2f} expected stars left on the table" in out
    assert f"best choice (*) in {len(review.matched)} of {len(review.decisions)}" in out


def test_review_prints_every_seat_by_default(saved, capsys):
    assert main(["review", str(saved)]) == 0
    out = capsys.readouterr().out
    assert "Seat 1: Ann (person)" in out and "Seat 2: Bob (hard bot)" in out


def kopf_save(tmp_path):
    path = tmp_path / "kopf.json"
    save_game(KopfGame.new((Seat("Red"), Seat("Blue"))), path)
    return path


def broken_save(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "buttons-game-save", "version": 2, "game"', encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "make,extra,message",
    [
        (lambda tmp: tmp / "missing.json", [], "cannot load the game: "),
        (broken_save, [], "cannot load the game: "),
        (kopf_save, [], "review covers BUTTONS games only"),
        (None, ["--seat", "3"], "--seat 3: this game has seats 1 to 2"),
        (None, ["--seat", "0"], "at least 1"),
        (None, ["--seat", "two"], "whole number"),
    ],
)
def test_review_errors_exit_2_with_one_clear_line(make, extra, message, saved, tmp_path, capsys):
    path = saved if make is None else make(tmp_path)
    with pytest.raises(SystemExit) as exit_info:
        main(["review", str(path), *extra])
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    error = captured.err.strip().splitlines()[-1]
    assert error.startswith("buttons-game review: error: ") and message in error
    assert "Traceback" not in captured.err
