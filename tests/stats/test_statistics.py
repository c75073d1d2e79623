"""Statistics from saved games with known totals; counted once per game; rebuilt when the
file is missing or broken; reset; pruning old autosaves loses nothing."""

from __future__ import annotations

import copy
import json

import pytest

from buttons_game import saves, stats
from buttons_game.games.buttons.game import Seat
from buttons_game.paths import data_dir, saves_dir

from ..soak import quick_twins
from .helpers import Expected, Rolled, expect_buttons, expect_kopf, play_buttons, play_kopf

BUTTONS_TABLES = [
    (Seat("Anna"), Seat("Bo", "easy")),
    (Seat("Anna"), Seat("Ben"), Seat("Cy", "hard")),
    (Seat("Ben"), Seat("Bo", "medium"), Seat("Cy", "hard"), Seat("anna")),
    (Seat("Anna"), Seat("Bo", "random"), Seat("Cy", "easy")),
    (Seat("Ben"), Seat("Anna")),
]
KOPF_TABLES = [
    (Seat("Anna"), Seat("Bo", "easy")),
    (Seat("Ben", "hard"), Seat("Anna")),
    (Seat("Ben"), Seat("Anna")),
]


@pytest.fixture(scope="module")
def played_games():
    """The games ``saved_games`` saves, played by the bots once for the module (the games
    are seeded, and playing them is what costs): the finished games of BUTTONS and of Kopf
    oder Knopf, an unfinished one, the expected table and the dice faces rolled."""
    table: dict[tuple[str, str], Expected] = {}
    rolled = Rolled()
    buttons = []
    for i, seats in enumerate(BUTTONS_TABLES * 2):
        game = play_buttons(seats, seed=100 + i, rolled=rolled)
        expect_buttons(game, table)
        buttons.append(game)
    kopf = []
    for i, seats in enumerate(KOPF_TABLES):
        game = play_kopf(seats, seed=7 + i)
        expect_kopf(game, table)
        kopf.append(game)
    unfinished = play_buttons(BUTTONS_TABLES[1], seed=999, stop_before_end=3)
    return table, rolled, buttons, kopf, unfinished


@pytest.fixture
def saved_games(played_games):
    """Finished games saved as autosaves and named saves, plus what must not count: an
    unfinished game, a named copy of a finished game (the same game_id) and a broken file.
    Returns the expected table and the dice faces rolled."""
    table, rolled, buttons, kopf, unfinished = played_games
    for i, game in enumerate(buttons):
        if i % 2:
            saves.save_as(game, f"Buttons {i}")
        else:
            saves.autosave(game)
            if i == 0:
                saves.save_as(game, "A copy of the first")  # the same game_id: counted once
    for game in kopf:
        saves.autosave(game)
    saves.autosave(unfinished)
    (saves_dir() / "broken.json").write_text("{ not a save", encoding="utf-8")
    return copy.deepcopy((table, rolled))


def figures(record: stats.PlayerRecord) -> Expected:
    row = Expected(
        games=record.games,
        wins=record.wins,
        draws=record.draws,
        rounds=record.rounds,
        stars=record.stars,
        busts=record.busts,
        opt_outs=record.opt_outs,
        captures=record.captures,
        turns=record.turns,
    )
    for level, (games, wins) in record.vs.items():
        if games:
            row.vs[level] = games
            row.vs_wins[level] = wins
    return row


def test_statistics_of_saved_games_match_totals_counted_independently(saved_games):
    table, rolled = saved_games
    refreshed = stats.refresh()
    assert refreshed.rebuilt and refreshed.broken is None
    result = refreshed.stats
    assert result.totals == {"buttons": 10, "kopf": 3}
    # "anna" and "Anna" are one person
    got = {(r.game, r.name.casefold()): r for r in result.players()}
    assert set(got) == set(table)
    for key, expected in table.items():
        assert figures(got[key]) == expected, key
    for kind in stats.DIE_KINDS:
        assert list(result.dice[kind]) == rolled.counts(kind), kind
    assert sum(result.dice["white"]) == sum(result.dice["gold"]) > 300


def test_kopf_game_length_is_its_turns():
    game = play_kopf((Seat("Anna"), Seat("Bo", "easy")), seed=3)
    tally = stats.tally_game(game)
    moves = sum(1 for action in game.state.history() if type(action).__name__ in ("Move", "Pass"))
    drawn = game.state.outcome().winner is None
    assert [seat.figure("turns") for seat in tally.people] == [moves + (0 if drawn else 1)]
    assert tally.people[0].figure("captures") == game.state.captured(0)


def test_the_json_figures_are_the_ratios_of_the_totals(saved_games):
    result = stats.refresh().stats
    anna = next(r for r in result.players("buttons") if r.name == "Anna")
    assert anna.win_rate == anna.wins / anna.games
    assert anna.stars_per_round == anna.stars / anna.rounds
    games, wins = anna.vs["hard"]
    assert games >= 2 and anna.win_rate_vs("hard") == wins / games
    assert anna.win_rate_vs("medium") is not None  # "anna" played against the medium bot


def test_a_finished_game_is_counted_once_however_often_it_is_recorded():
    game = play_buttons(BUTTONS_TABLES[0], seed=5)
    first = stats.record_game(game)
    assert first.added == 1
    path = stats.statistics_path()
    written = path.read_bytes()
    again = stats.record_game(game)
    assert again.added == 0 and path.read_bytes() == written
    saves.autosave(game)
    assert stats.refresh().added == 0, "the saved copy is the same game"
    assert stats.refresh().stats.totals["buttons"] == 1
    unfinished = play_buttons(BUTTONS_TABLES[0], seed=6, stop_before_end=1)
    assert stats.record_game(unfinished).added == 0
    assert stats.read_statistics().totals["buttons"] == 1


def test_pruning_old_finished_autosaves_loses_nothing():
    games = [
        play_buttons(BUTTONS_TABLES[0], seed=200 + i)
        for i in range(saves.MAX_FINISHED_AUTOSAVES + 4)
    ]
    for game in games:  # as the app does at a game's end: count it, then autosave it
        stats.record_game(game)
        saves.autosave(game)
    left = [p for p in saves_dir().iterdir() if p.name.startswith("autosave-")]
    assert len(left) == saves.MAX_FINISHED_AUTOSAVES
    result = stats.refresh().stats
    assert result.totals["buttons"] == len(games)
    assert result.players("buttons")[0].games == len(games)


def test_a_first_build_counts_finished_autosaves_beyond_those_kept_and_deletes_none():
    """A look through the saves never prunes: it reads the finished games before they go."""
    count = saves.MAX_FINISHED_AUTOSAVES + 5
    for i in range(count):
        game = play_buttons(BUTTONS_TABLES[0], seed=300 + i)
        saves.save_game(game, saves.autosave_path(game))  # written without pruning
    assert stats.refresh().stats.totals["buttons"] == count
    assert len(list(saves_dir().glob("autosave-*.json"))) == count
    assert len(saves.list_saves()) == saves.MAX_FINISHED_AUTOSAVES, "the list itself prunes"
    assert stats.refresh().stats.totals["buttons"] == count, "and nothing is lost"


def test_a_missing_file_is_rebuilt_from_the_saves(saved_games):
    built = stats.refresh().stats
    stats.statistics_path().unlink()
    again = stats.refresh()
    assert again.rebuilt and again.broken is None
    assert again.stats == built
    assert stats.read_statistics() == built


@pytest.mark.parametrize(  # garbage and a cut-short file quick, the others slow
    "damage",
    quick_twins(
        [
            b"",
            b"\x00\xff garbage",
            b'{"format": "buttons-game-statistics", "version": 1',
            b"[1, 2, 3]",
        ],
        b"\x00\xff garbage",
        b'{"format": "buttons-game-statistics", "version": 1',
    ),
)
def test_a_broken_file_is_kept_aside_and_rebuilt_with_a_clear_message(saved_games, damage):
    built = stats.refresh().stats
    path = stats.statistics_path()
    path.write_bytes(damage)
    with pytest.raises(stats.StatsFileError):
        stats.read_statistics()
    again = stats.refresh()
    assert again.rebuilt and again.broken, "the problem is reported"
    assert again.stats == built
    assert (data_dir() / stats.BROKEN_NAME).read_bytes() == damage, "the broken file is kept"
    assert stats.read_statistics() == built


def test_reset_zeroes_everything_and_saved_games_do_not_come_back(saved_games):
    stats.refresh()
    result = stats.reset()
    assert result.players() == [] and result.games == 0
    assert all(sum(faces) == 0 for faces in result.dice.values())
    again = stats.refresh()
    assert again.added == 0 and again.stats.players() == [], "no saved game counts again"
    assert list(saves_dir().glob("*.json")), "the saves are all still there"
    game = play_buttons(BUTTONS_TABLES[0], seed=77)
    assert stats.record_game(game).added == 1
    assert stats.read_statistics().totals == {"buttons": 1, "kopf": 0}


def test_the_file_is_json_a_person_can_read(saved_games):
    stats.refresh()
    document = json.loads(stats.statistics_path().read_text(encoding="utf-8"))
    assert document["format"] == "buttons-game-statistics" and document["version"] == 2
    assert {p["name"] for p in document["players"]} >= {"Anna", "Ben"}
    assert len(document["counted"]) == 13
    assert [game["id"] for game in document["recent"]] == document["counted"]


def test_the_tutorials_scripted_dice_are_not_counted():
    from buttons_game.games.buttons import tutorial
    from buttons_game.games.buttons.game import Game

    game = Game((Seat("Anna"), Seat("Bo", "easy")), tutorial.state_at_step(len(tutorial.STEPS)))
    scripted = [a for a in game.state.history() if type(a).__name__ == "Dice"]
    assert len(scripted) == len(tutorial.DICE)
    game = play_on(game)
    counted = stats.tally_game(game).dice
    all_rolls = [a for a in game.state.history() if type(a).__name__ == "Dice"]
    assert sum(counted["white"]) == len(all_rolls) - len(tutorial.DICE)


def play_on(game):
    from buttons_game.core.control import bot_control
    from buttons_game.core.match import Match
    from buttons_game.games.buttons.bots import make_bot

    match = Match(game, [bot_control(make_bot("easy", p)) for p in range(2)], strict_bots=True)
    match.run()
    return match.game
