"""Kopf oder Knopf's narration: every action told as translatable notes (``kopf_log.<key>``)
in the game's notation, the log rebuilt from a save, and the texts in five languages."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import i18n
import pytest

from buttons_game.games.kopf.engine import PASS, Move, Pass, Remove, new_game, start
from buttons_game.games.kopf.narration import (
    NOTE_KEYS,
    PLURAL_KEYS,
    SECTION,
    TONES,
    Note,
    narrate,
    narrate_history,
    narrate_start,
    square_name,
    squares_text,
    undo_note,
)
from buttons_game.i18n import FOLDER, LANGUAGES, install, set_language, t

from .games import GROUP_MOVE, punishing_start
from .helpers import board, position

RED, BLUE = 0, 1


def name(seat):
    return (("name", seat),)


def told(state, action):
    return narrate(state, action, state.apply(action))


# ------------------------------------------------------------------ notation


def test_squares_are_named_by_column_letter_and_row_number_row_1_at_the_top():
    assert square_name(1, 1) == "a1"
    assert square_name(1, 10) == "j1"
    assert square_name(10, 1) == "a10"
    assert square_name(4, 2) == "b4"
    assert square_name(10, 10) == "j10"
    names = {square_name(r, c) for r in range(1, 11) for c in range(1, 11)}
    assert len(names) == 100
    for row, col in ((0, 1), (1, 0), (11, 1), (1, 11)):
        with pytest.raises(ValueError, match="off the board"):
            square_name(row, col)


def test_a_list_of_squares_is_in_reading_order():
    assert squares_text({(7, 8), (9, 4), (7, 2)}) == "b7, h7, d9"
    assert squares_text([]) == ""


# ------------------------------------------------------------------ each action


def test_a_move_is_told_in_the_games_notation():
    state = new_game()
    move = Move(2, 2, 4, 4) if Move(2, 2, 4, 4) in state.legal_actions() else None
    move = move or next(a for a in state.legal_actions() if isinstance(a, Move))
    notes = told(state, move)
    expected = (
        ("from", square_name(move.from_row, move.from_col)),
        ("to", square_name(move.to_row, move.to_col)),
    )
    assert notes[0] == Note("move", "plain", name(RED), expected)


def test_a_move_into_a_pairs_range_is_struck_and_counted():
    # red's pair (5,5) on 2 holes and (5,6) on 1 has range 3; blue steps into it
    state = position([(5, 5), (5, 6)], [(6, 9)], holes={(5, 5): 2}, to_move=BLUE)
    captured = state.captured(RED)
    assert told(state, Move(6, 9, 5, 9)) == (
        Note("move", "plain", name(BLUE), (("from", "i6"), ("to", "i5"))),
        Note("strike", "good", name(RED), (("squares", "i5"), ("count", 1))),
        Note("captured", "plain", name(RED), (("count", captured + 1), ("target", 10))),
    )


def test_the_capture_that_reaches_the_target_is_a_win():
    state = position([(5, 5), (5, 6)], [(6, 9)], holes={(5, 5): 2}, to_move=BLUE, target=9)
    notes = told(state, Move(6, 9, 5, 9))
    assert [n.key for n in notes] == ["move", "strike", "win"]
    assert notes[-1] == Note("win", "good", name(RED), (("count", 9),))


def test_a_group_of_three_is_punished_one_removal_at_a_time():
    game = punishing_start()
    notes = told(game.state, GROUP_MOVE)
    assert notes == (
        Note("move", "plain", name(RED), (("from", "g7"), ("to", "g6"))),
        Note("punish_due", "bad", (("name", BLUE), ("other", RED)), (("count", 1),)),
    )
    grouped = game.state.apply(GROUP_MOVE)
    notes = told(grouped, Remove(5, 5))
    assert notes == (
        Note("punish", "good", name(BLUE), (("square", "e5"),)),
        Note(
            "captured", "plain", name(BLUE), (("count", grouped.captured(BLUE) + 1), ("target", 10))
        ),
    )


def test_two_groups_the_total_comes_after_the_last_removal_with_the_strike():
    # two red groups; blue's pair (3,1)-(4,1) reaches red (1,1) once the removals are made
    red = [(5, 5), (5, 6), (6, 7), (8, 8), (8, 9), (9, 10), (1, 1)]
    state = position(red, [(3, 1), (4, 1)])
    assert len(state.pending_groups()) == 2
    assert narrate_start(state) == (
        Note("punish_due", "bad", (("name", BLUE), ("other", RED)), (("count", 2),)),
    )
    assert [n.key for n in told(state, Remove(5, 5))] == ["punish"]
    second = state.apply(Remove(5, 5))
    notes = told(second, Remove(8, 8))
    assert [n.key for n in notes] == ["punish", "strike", "captured"]
    assert notes[1].values == (("squares", "a1"), ("count", 1))
    assert dict(notes[2].values)["count"] == state.captured(BLUE) + 3


def test_a_pass_is_told():
    red = [(1, 1)]
    blue = [(1, 4), (4, 1), (4, 4), (7, 1), (7, 4), (10, 10), (10, 7), (7, 10), (4, 10)]
    stuck = new_game(board=board({(1, 1): 3}), pieces=(red, blue), to_move=RED, target=14)
    assert told(stuck, PASS) == (Note("pass", "plain", name(RED)),)


def test_a_hundred_quiet_turns_are_a_draw():
    state = position([(3, 3)], [(8, 8)], to_move=RED, filler=False, target=14)
    rng = random.Random(1)
    while state.moves_without_capture < 99:
        state = state.apply(rng.choice(state.legal_actions()))
    move = state.legal_actions()[0]
    notes = told(state, move)
    assert notes[-1] == Note("draw", "accent", values=(("count", 100),))
    assert [n.key for n in notes] == ["move", "draw"]


def test_a_strike_at_the_very_start_is_in_the_log():
    state = position([(5, 5), (5, 6)], [(5, 9)], holes={(5, 5): 2}, to_move=RED)
    notes = narrate_history(state.setup, [])
    assert [n.key for n in notes] == ["strike", "captured"]
    assert notes[0].values == (("squares", "i5"), ("count", 1))


# ------------------------------------------------------------------ undo


def test_undoing_a_turn_names_its_seat():
    assert undo_note(RED) == Note("undo_turn", "plain", name(RED))


# ------------------------------------------------------------------ whole games


def random_final(seed: int, target: int = 10):
    rng = random.Random(seed)
    state = new_game(target=target)
    while not state.is_over():
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def count_of(note: Note) -> int:
    return int(dict(note.values)["count"])  # type: ignore[call-overload]


@pytest.mark.parametrize("seed,target", [(1, 10), (2, 8), (3, 10), (4, 8), (5, 10)])
def test_the_log_of_a_whole_game_tells_every_action_and_capture(seed, target):
    final = random_final(seed, target)
    actions = final.history()
    notes = narrate_history(final.setup, actions)
    keys = [n.key for n in notes]
    assert keys.count("move") == sum(type(a) is Move for a in actions)
    assert keys.count("pass") == sum(type(a) is Pass for a in actions)
    assert keys.count("punish") == sum(type(a) is Remove for a in actions)
    for p in (RED, BLUE):
        struck = sum(count_of(n) for n in notes if n.key == "strike" and n.seats == name(p))
        removed = sum(1 for n in notes if n.key == "punish" and n.seats == name(p))
        assert struck + removed == final.captured(p)
    outcome = final.outcome()
    if outcome.winner is not None:
        assert notes[-1] == Note("win", "good", name(outcome.winner), (("count", target),))
    else:
        assert keys[-1] == "draw"
    assert all(n.tone in TONES and n.key in NOTE_KEYS for n in notes)
    assert all((n.key in PLURAL_KEYS) == ("count" in dict(n.values)) for n in notes)


def test_a_game_under_way_is_told_the_same_as_action_by_action():
    final = random_final(9)
    actions = final.history()[:30]
    state = start(final.setup)
    notes = list(narrate_start(state))
    for action in actions:
        after = state.apply(action)
        notes.extend(narrate(state, action, after))
        state = after
    assert notes == narrate_history(final.setup, actions)


# ------------------------------------------------------------------ texts


def language_tree(language: str) -> dict:
    path = Path(FOLDER) / f"buttons.{language}.json"
    return json.loads(path.read_text(encoding="utf-8"))[language]


PLACEHOLDER = re.compile(r"%\{(\w+)\}")


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_note_key_has_text_in_every_language_with_the_same_placeholders(language):
    log = language_tree(language)[SECTION]
    english = language_tree("en")[SECTION]
    assert set(log) == set(NOTE_KEYS)
    for key in NOTE_KEYS:
        if key in PLURAL_KEYS:
            assert set(log[key]) == {"zero", "one", "many"}, key
            for form, text in log[key].items():
                assert "%{count}" in text, (key, form)
                assert placeholders(text) == placeholders(english[key][form]), (key, form)
        else:
            assert isinstance(log[key], str) and log[key].strip(), key
            assert placeholders(log[key]) == placeholders(english[key]), key
        texts = log[key].values() if isinstance(log[key], dict) else [log[key]]
        if language == "ja":
            assert all("、 " not in text and "。 " not in text for text in texts), key


@pytest.fixture
def translations():
    install("en")
    yield
    i18n.set("locale", "en")


def test_rendered_notes_leave_no_placeholder_unfilled(translations):
    names = ["Anna", "Ben"]
    english = language_tree("en")[SECTION]
    notes: list[Note] = []
    for seed, target in ((11, 10), (12, 8), (13, 10), (14, 8)):
        final = random_final(seed, target)
        notes += narrate_history(final.setup, final.history())
    notes += [undo_note(0), undo_note(1)]
    every = (("from", "a1"), ("to", "b2"), ("square", "c3"), ("squares", "d4, e5"), ("target", 10))
    for count in (0, 1, 2, 14):
        notes += [
            Note(key, "plain", (("name", 0), ("other", 1)), (*every, ("count", count)))
            for key in NOTE_KEYS
        ]
    for language in LANGUAGES:
        set_language(language)
        for note in notes:
            text = t(f"{SECTION}.{note.key}", **note.args(names))
            assert "%{" not in text and SECTION not in text, (language, note, text)
            used = placeholders(str(english[note.key]))
            for key, seat in note.seats:
                assert key not in used or names[seat] in text, (language, text)
            for key, value in note.values:
                assert key not in used or str(value) in text, (language, note, text)
    set_language("en")
    assert t("kopf_log.move", name="Anna", **{"from": "b2", "to": "b4"}) == "Anna: b2–b4"
    assert t("kopf_log.strike", name="Ben", squares="e5", count=1) == "Ben strikes 1 piece: e5."
    assert t("kopf_log.strike", name="Ben", squares="e5, f6", count=2).startswith(
        "Ben strikes 2 pieces"
    )
    set_language("de")
    assert t("kopf_log.win", name="Anna", count=10) == "Anna hat 10 Knöpfe erbeutet und gewinnt!"


def test_kopf_narration_imports_neither_pygame_nor_i18n():
    import subprocess
    import sys

    code = """
import sys
sys.modules["pygame"] = None
sys.modules["i18n"] = None
from buttons_game.games.kopf.narration import narrate_history
from buttons_game.games.kopf.game import KopfGame
from buttons_game.games.buttons.game import Seat
game = KopfGame.new((Seat("A"), Seat("B")))
game = game.apply(game.state.legal_actions()[0])
assert narrate_history(game.state.setup, game.state.history())
loaded = [n for n, m in sys.modules.items() if m and n.split(".")[0] in ("pygame", "i18n")]
assert not loaded, loaded
print("ok")
"""
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
