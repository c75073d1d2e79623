"""Narration: every action told as translatable notes, and a whole log rebuilt from a save."""

from __future__ import annotations

import json
import random
from pathlib import Path

import i18n
import pytest

from buttons_game.games.buttons.engine import (
    OPT_OUT,
    ROLL,
    Dice,
    Place,
    PlaceStar,
    Skip,
    Status,
    random_action,
    sample_dice,
)
from buttons_game.games.buttons.narration import (
    NOTE_KEYS,
    PLURAL_KEYS,
    TONES,
    Note,
    narrate,
    narrate_history,
    undo_note,
)
from buttons_game.i18n import FOLDER, LANGUAGES, install, set_language, t

from .engine.helpers import game, play, roll, with_boards


def told(state, *actions):
    """The notes of the last action, after playing the others."""
    state = play(state, *actions[:-1])
    return narrate(state, actions[-1], state.apply(actions[-1]))


def name(seat):
    return (("name", seat),)


def test_a_roll_says_nothing_and_its_dice_name_the_roller_and_every_face():
    state = game()
    assert narrate(state, ROLL, state.apply(ROLL)) == ()
    notes = told(state, ROLL, Dice(5, 6, (6, 2, 3, 5)))
    assert notes == (
        Note("roll", "roll", name(0), (("white", 5), ("gold", 6), ("plain", "2 3 5 6"))),
    )


def test_placing_and_skipping_and_the_dice_passing_on():
    state = roll(game(), 5, 6, 2, 3, 5, 6)
    assert told(state, Place(0, 5, 2)) == (
        Note("place", "plain", name(0), (("row", 5), ("col", 2))),
    )
    assert told(state, Place(0, 5, 2), Skip(1), Place(2, 5, 6), Skip(3)) == (
        Note("skip", "plain", name(3)),
        Note("pass", "plain", name(1)),
    )


def test_seats_without_a_legal_gold_space_are_named():
    state = with_boards(game(), buttons={1: [(5, 5)], 3: [(4, 6)]}, stars={2: [(1, 1)]})
    notes = told(state, ROLL, Dice(5, 6, (1, 1, 1, 1)))
    assert notes[1:] == (
        Note("no_space", "plain", name(1), (("row", 5), ("col", 6))),
        Note("no_space", "plain", name(3), (("row", 5), ("col", 6))),
    )


def test_a_bust_says_how_many_dice_go_to_the_depot():
    state = with_boards(game(), buttons={0: [(2, 2), (2, 4)]}, stars={0: [(2, 6)]})
    notes = told(state, ROLL, Dice(2, 2, (3, 4, 6, 1)))
    assert [n.key for n in notes] == ["roll", "bust"]
    assert notes[1] == Note("bust", "bad", name(0), (("count", 1),))


def two_players_seat_1_out():
    """Seat 0 placed (5, 1); seat 1 opted out; the dice are back with seat 0."""
    state = with_boards(game(2), buttons={0: [(2, 2), (2, 4)], 1: [(1, 1)]}, stars={0: [(2, 6)]})
    state = play(roll(state, 5, 1), Place(0, 5, 1), Skip(1))
    assert told(state, OPT_OUT) == (
        Note("opt_out", "accent", name(1), (("count", 2),)),
        Note("pass", "plain", name(0)),
    )
    return state.apply(OPT_OUT)


def test_an_opt_out_in_a_two_player_game_puts_two_dice_and_passes_the_dice():
    state = two_players_seat_1_out()
    assert state.active_player == 0 and state.status(1) is Status.OPTED_OUT


def test_the_last_seat_in_goes_again():
    state = two_players_seat_1_out()
    assert told(state, ROLL, Dice(6, 6, (6, 6)), Place(0, 6, 6)) == (
        Note("place", "plain", name(0), (("row", 6), ("col", 6))),
        Note("again", "plain", name(0)),
    )


def test_a_bust_that_ends_the_round_is_told_and_the_round_scored():
    state = two_players_seat_1_out()
    notes = told(state, ROLL, Dice(2, 2, (3, 1)))
    assert notes == (
        Note("roll", "roll", name(0), (("white", 2), ("gold", 2), ("plain", "1 3"))),
        Note("bust", "bad", name(0), (("count", 2),)),
        Note("round_over", "plain", (), (("round", 1),)),
        Note("scored", "good", name(1), (("count", 1),)),
    )


def test_the_last_star_of_a_round_starts_the_next_one():
    state = with_boards(game(), buttons={p: [(3, 3)] for p in range(4)})
    state = play(state, OPT_OUT, OPT_OUT, OPT_OUT)
    notes = told(state, OPT_OUT)
    assert [n.key for n in notes] == ["opt_out", "round_over"] + ["scored"] * 4
    state = play(state, OPT_OUT, PlaceStar(0, 3, 3), PlaceStar(2, 3, 3), PlaceStar(1, 3, 3))
    notes = told(state, PlaceStar(3, 3, 3))
    # the cards pass on: seat 1 now holds red
    assert notes == (
        Note("star", "good", name(3), (("row", 3), ("col", 3))),
        Note("new_round", "accent", name(1), (("round", 2),)),
    )


def finish(stars0, stars1, button0, button1):
    """Both seats opt out with one button each and put their star: the game ends."""
    state = with_boards(game(2), buttons={0: [button0], 1: [button1]}, stars={0: stars0, 1: stars1})
    state = play(state, OPT_OUT, OPT_OUT, PlaceStar(0, *button0))
    return told(state, PlaceStar(1, *button1))


def test_the_end_of_the_game_names_the_reason_and_the_winner():
    notes = finish([(1, c) for c in range(1, 5)], [(4, 4)], (1, 5), (6, 6))
    assert notes[1:] == (
        Note("game_over_line", "accent"),
        Note("winner", "good", name(0), (("count", 5),)),
    )


def test_a_shared_victory_names_every_winner():
    line0 = [(1, c) for c in range(1, 5)]
    line1 = [(6, c) for c in range(1, 5)]
    notes = finish(line0, line1, (1, 5), (6, 5))
    assert notes[1:] == (
        Note("game_over_line", "accent"),
        Note("shared_winner", "good", name(0), (("count", 5),)),
        Note("shared_winner", "good", name(1), (("count", 5),)),
    )


def test_twelve_stars_end_the_game_too():
    scattered = [(r, c) for r in (1, 3, 5) for c in (1, 3, 5)] + [(2, 2), (4, 4)]
    notes = finish(scattered, [(6, 2)], (6, 6), (2, 4))
    assert [n.key for n in notes[1:]] == ["game_over_stars", "winner"]
    assert notes[2].values == (("count", 12),)


def test_undo_notes_name_what_is_taken_back():
    assert undo_note(2, Place(2, 3, 4)) == Note(
        "undo_place", "plain", name(2), (("row", 3), ("col", 4))
    )
    assert undo_note(1, PlaceStar(1, 6, 6)).key == "undo_star"
    assert undo_note(0, Skip(0)) == Note("undo_skip", "plain", name(0))
    assert undo_note(3, OPT_OUT) == Note("undo_opt_out", "plain", name(3))
    with pytest.raises(ValueError):
        undo_note(0, ROLL)


def test_args_give_each_seat_its_name():
    note = Note("place", "plain", name(1), (("row", 3), ("col", 5)))
    assert note.args(["Anna", "Ben"]) == {"name": "Ben", "row": 3, "col": 5}


def random_history(seed: int, players: int):
    rng = random.Random(seed)
    from buttons_game.games.buttons.engine import new_game

    state = new_game(players, seed=seed)
    while not state.is_over():
        action = sample_dice(state, rng) if state.is_chance_node() else random_action(state, rng)
        state = state.apply(action)
    return state


@pytest.mark.parametrize("seed,players", [(1, 2), (2, 3), (3, 4), (4, 4), (5, 2)])
def test_the_history_of_a_whole_game(seed, players):
    final = random_history(seed, players)
    actions = final.history()
    notes = narrate_history(final.setup, actions)
    rolls = [n for n in notes if n.key == "roll"]
    dice = [a for a in actions if type(a) is Dice]
    assert len(rolls) == len(dice)
    for note, roll_ in zip(rolls, dice):
        values = dict(note.values)
        assert (values["white"], values["gold"]) == (roll_.white, roll_.gold)
        assert values["plain"] == " ".join(map(str, roll_.plain))
    keys = [n.key for n in notes]
    busts = sum(s.status is Status.BUSTED for score in final.round_scores() for s in score.seats)
    assert keys.count("bust") == busts
    assert keys.count("opt_out") == sum(
        s.status is Status.OPTED_OUT for score in final.round_scores() for s in score.seats
    )
    assert keys.count("round_over") == len(final.round_scores())
    assert keys.count("new_round") == final.round_number - 1
    assert keys.count("place") == sum(type(a) is Place for a in actions)
    assert keys.count("star") == sum(type(a) is PlaceStar for a in actions)
    assert keys.count("skip") == sum(type(a) is Skip for a in actions)
    assert keys[-1] in ("winner", "shared_winner")
    assert keys.count("game_over_line") + keys.count("game_over_stars") == 1
    assert all(n.tone in TONES and n.key in NOTE_KEYS for n in notes)
    assert all((n.key in PLURAL_KEYS) == ("count" in dict(n.values)) for n in notes)


def test_a_game_under_way_has_a_roll_note_per_dice_action():
    rng = random.Random(9)
    final = random_history(9, 3)
    actions = final.history()[: rng.randrange(10, 200)]
    notes = narrate_history(final.setup, actions)
    assert sum(n.key == "roll" for n in notes) == sum(type(a) is Dice for a in actions)


def language_tree(language: str) -> dict:
    path = Path(FOLDER) / f"buttons.{language}.json"
    return json.loads(path.read_text(encoding="utf-8"))[language]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_note_key_has_text_in_every_language(language):
    log = language_tree(language)["log"]
    assert set(log) == set(NOTE_KEYS)
    for key in NOTE_KEYS:
        if key in PLURAL_KEYS:
            assert set(log[key]) == {"zero", "one", "many"}, key
            assert all("%{count}" in text for text in log[key].values()), key
        else:
            assert isinstance(log[key], str) and log[key].strip(), key


@pytest.fixture
def translations():
    install("en")
    yield
    i18n.set("locale", "en")


def test_rendered_notes_leave_no_placeholder_unfilled(translations):
    names = ["Anna", "Ben", "Carla", "Dev"]
    notes: list[Note] = []
    for seed, players in ((11, 2), (12, 3), (13, 4)):
        final = random_history(seed, players)
        notes += narrate_history(final.setup, final.history())
    notes += [undo_note(0, a) for a in (Place(0, 1, 2), PlaceStar(0, 3, 4), Skip(0), OPT_OUT)]
    notes += [Note("scored", "good", name(1), (("count", n),)) for n in (0, 1, 2, 7)]
    every = (("row", 1), ("col", 2), ("white", 1), ("gold", 2), ("plain", "3 4"), ("round", 5))
    every_key = [Note(key, "plain", name(2), every + (("count", 2),)) for key in NOTE_KEYS]
    for language in LANGUAGES:
        set_language(language)
        for note in notes + every_key:
            text = t("log." + note.key, **note.args(names))
            assert "%{" not in text and "log." not in text, (language, note, text)
            if note in notes:
                assert all(names[seat] in text for _, seat in note.seats), (language, text)
    set_language("en")
    assert t("log.opt_out", name="Anna", count=1) == "Anna opts out: 1 die goes to the depot."
    assert t("log.opt_out", name="Anna", count=2) == "Anna opts out: 2 dice go to the depot."
    set_language("fr")
    assert "0 étoile." in t("log.scored", name="Anna", count=0)
    assert "2 étoiles." in t("log.scored", name="Anna", count=2)


def test_narration_and_game_work_with_pygame_and_i18n_blocked():
    import subprocess
    import sys

    code = """
import sys
sys.modules["pygame"] = None
sys.modules["i18n"] = None
import buttons_game.games.buttons.narration as narration
from buttons_game.games.buttons.game import Game, Seat
game = Game.new((Seat("A"), Seat("B")), seed=3)
notes = narration.narrate_history(game.state.setup, game.state.history())
assert notes == []
loaded = [n for n, m in sys.modules.items() if m and n.split(".")[0] in ("pygame", "i18n")]
assert not loaded, loaded
print("ok")
"""
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
