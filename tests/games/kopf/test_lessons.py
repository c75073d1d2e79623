"""The "Learn to play" lessons: legal positions, solutions that solve, wrong tries caught,
squares that match the texts, and texts in every language."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from buttons_game.games.kopf.engine import Move, Remove, new_game
from buttons_game.games.kopf.engine.state import BLUE, RED, KopfState
from buttons_game.games.kopf.lessons import (
    LESSONS,
    OWN_GROUP,
    PARTS,
    Lesson,
    defend,
    finished,
    lesson,
    reply_action,
    solved,
    start,
    taken,
    walkthrough,
    wrong_reason,
)
from buttons_game.i18n import LANGUAGES, install, set_language, t
from tests.i18n_files import strings

KEYS = ("move", "pair", "blocked", "strike", "escape", "group", "double")
PLACEHOLDER = re.compile(r"%\{(\w+)\}")
SENTENCE_END = re.compile(r"[.!?](?=\s|$)|[。！？]")


def endings(lesson_: Lesson, state: KopfState) -> list[KopfState]:
    """Every way the player can finish the turn from ``state``, then the scripted reply."""
    if finished(lesson_, state):
        return [state]
    if state.to_move == lesson_.player and not any(isinstance(a, Move) for a in state.history()):
        out = []
        for action in state.legal_actions():
            out += endings(lesson_, state.apply(action))
        return out
    reply = reply_action(lesson_, state)
    assert reply is not None, "an unfinished lesson waits for the player or for a reply"
    return endings(lesson_, state.apply(reply))


def opponent_turns(state: KopfState) -> list[KopfState]:
    """Every way the opponent (to move in ``state``) can play its whole turn."""
    if state.is_over():
        return [state]
    me = state.to_move
    out = []
    for action in state.legal_actions():
        after = state.apply(action)
        out += opponent_turns(after) if after.to_move == me and not after.is_over() else [after]
    return out


def test_the_lessons_come_in_teaching_order():
    assert tuple(each.key for each in LESSONS) == KEYS
    with pytest.raises(KeyError):
        lesson("castling")


# ---------------------------------------------------------------- positions and solutions


@pytest.mark.parametrize("lesson_", LESSONS, ids=KEYS)
def test_the_position_is_legal_and_the_player_is_to_move(lesson_):
    state = start(lesson_)
    checked = new_game(
        board=lesson_.board,
        pieces=(sorted(lesson_.red), sorted(lesson_.blue)),
        to_move=lesson_.to_move,
        target=lesson_.target,
    )
    assert state == checked
    assert state.current_player == lesson_.player == lesson_.to_move
    assert not lesson_.red & lesson_.blue
    assert not state.last_captured, "nothing is struck before the lesson starts"
    assert state.punishing == (lesson_.key == "group")
    assert not state.forbidden_groups(lesson_.player)
    assert state.legal_actions()
    assert not solved(lesson_, state)
    assert not finished(lesson_, state)


@pytest.mark.parametrize("lesson_", LESSONS, ids=KEYS)
def test_show_me_is_legal_and_solves_the_lesson(lesson_):
    state = start(lesson_)
    for action in lesson_.show_me:
        assert wrong_reason(lesson_, state, action) is None, action
        state = state.apply(action)  # the checked way: raises if illegal
    while (reply := reply_action(lesson_, state)) is not None:
        assert lesson_.reply is not None
        state = state.apply(reply)
    assert finished(lesson_, state)
    assert solved(lesson_, state)
    steps = walkthrough(lesson_)
    assert [a for a, _ in steps][: len(lesson_.show_me)] == list(lesson_.show_me)
    assert steps[-1][1] == state
    assert len(steps) == len(lesson_.show_me) + (1 if lesson_.reply else 0)


@pytest.mark.parametrize("lesson_", LESSONS, ids=KEYS)
def test_wrong_reason_is_none_exactly_for_actions_that_can_still_solve(lesson_):
    state = start(lesson_)
    right, wrong = [], []
    for action in state.legal_actions():
        can = any(solved(lesson_, end) for end in endings(lesson_, state.apply(action)))
        reason = wrong_reason(lesson_, state, action)
        assert (reason is None) == can, (action, reason)
        (right if can else wrong).append(action)
    assert lesson_.show_me[0] in right
    assert wrong, "a lesson has wrong tries"


SAMPLES = {
    "move": [
        (Move(2, 5, 4, 5), "kopf_lesson.move.wrong"),  # e2 has 2 holes: e4, not e5
        (Move(5, 8, 2, 8), "kopf_lesson.move.wrong"),
        (Move(2, 5, 5, 5), "kopf_reason.wrong_distance"),
    ],
    "pair": [
        (Move(3, 5, 3, 8), "kopf_lesson.pair.wrong"),
        (Move(6, 4, 9, 4), OWN_GROUP),  # d9 touches c10 and e10
        (Move(6, 8, 6, 7), "kopf_reason.not_own_piece"),
    ],
    "blocked": [
        (Move(5, 3, 4, 3), "kopf_lesson.blocked.wrong"),  # still on the line
        (Move(7, 3, 7, 4), "kopf_lesson.blocked.wrong"),  # breaks the pair
        (Move(5, 3, 6, 4), OWN_GROUP),  # d6 touches c7: a group of three
    ],
    "strike": [
        (Move(2, 4, 2, 6), "kopf_lesson.strike.wrong"),
        (Move(3, 2, 2, 2), "kopf_lesson.strike.wrong"),  # frees b3: b1 escapes
    ],
    "escape": [
        (Move(7, 8, 8, 9), "kopf_lesson.escape.wrong"),  # along the line, still in reach
        (Move(7, 8, 6, 7), "kopf_lesson.escape.wrong"),
        (Move(10, 1, 9, 1), "kopf_lesson.escape.wrong"),
    ],
    "group": [
        (Remove(5, 5), "kopf_lesson.group.wrong"),  # the pair would have struck e5 anyway
        (Move(10, 1, 9, 1), "kopf_reason.punish_first"),
    ],
    "double": [
        (Move(5, 5, 6, 5), "kopf_lesson.double.wrong"),
        (Move(8, 6, 8, 3), "kopf_lesson.double.wrong"),
    ],
}


@pytest.mark.parametrize("key", KEYS)
def test_sampled_wrong_tries_are_caught_and_never_solve(key):
    lesson_ = lesson(key)
    state = start(lesson_)
    for action, expected in SAMPLES[key]:
        assert wrong_reason(lesson_, state, action) == expected, action
        if state.problem(action) is None:
            after = state.apply(action)
            assert not any(solved(lesson_, end) for end in endings(lesson_, after))


def test_after_the_right_punishment_a_move_that_makes_a_group_is_caught():
    lesson_ = lesson("group")
    state = start(lesson_).apply(Remove(4, 7))
    assert wrong_reason(lesson_, state, Move(10, 5, 9, 5)) == OWN_GROUP  # e9 joins e7-e8
    assert wrong_reason(lesson_, state, Move(10, 3, 8, 3)) is None


def test_a_state_of_another_lesson_or_after_the_turn_is_refused():
    move, pair = lesson("move"), lesson("pair")
    with pytest.raises(ValueError):
        solved(move, start(pair))
    done = walkthrough(move)[-1][1]
    with pytest.raises(ValueError):
        wrong_reason(move, done, done.legal_actions()[0])
    with pytest.raises(ValueError):
        move.text_key("outro")


# ---------------------------------------------------------------- what each lesson shows


def test_move_only_the_piece_on_three_holes_reaches_the_target():
    lesson_ = lesson("move")
    sq, values, state = lesson_.squares, lesson_.values(), start(lesson_)
    assert {sq["piece_a"], sq["piece_b"]} <= state.pieces(RED)
    assert sq["over"] in state.pieces(BLUE)
    assert state.piece_at(*sq["target"]) is None
    assert values["holes_a"] == state.holes(*sq["piece_a"]) != values["distance"]
    assert values["holes_b"] == state.holes(*sq["piece_b"]) == values["distance"]
    assert sq["target"] not in state.move_targets(*sq["piece_a"])
    assert sq["target"] in state.move_targets(*sq["piece_b"])
    (r1, c1), (r2, c2), (ro, co) = sq["piece_b"], sq["target"], sq["over"]
    assert r1 == r2 == ro and min(c1, c2) < co < max(c1, c2), "the blue piece is jumped"
    assert solved(lesson_, state.apply(Move(*sq["piece_b"], *sq["target"])))


def test_pair_the_new_pair_threatens_the_blue_piece():
    lesson_ = lesson("pair")
    sq, state = lesson_.squares, start(lesson_)
    assert sq["partner"] in state.pieces(RED) and sq["victim"] in state.pieces(BLUE)
    assert not state.threatened(BLUE)
    move = lesson_.show_me[0]
    assert max(abs(move.to_row - sq["partner"][0]), abs(move.to_col - sq["partner"][1])) == 1
    assert state.threats_after(move) == (frozenset({sq["victim"]}), frozenset())


def test_blocked_an_own_piece_shields_the_blue_piece_until_it_steps_aside():
    lesson_ = lesson("blocked")
    sq, state = lesson_.squares, start(lesson_)
    (ra, ca), (rb, cb), (rk, ck), (rv, cv) = (
        sq["pair_a"],
        sq["pair_b"],
        sq["blocker"],
        sq["victim"],
    )
    assert {sq["pair_a"], sq["pair_b"], sq["blocker"]} <= state.pieces(RED)
    assert ca == cb == ck == cv and rv < rk < ra < rb, "pair, blocker and victim on column c"
    assert rk < ra - 1, "the blocker does not touch the pair"
    assert lesson_.values()["range"] == state.holes(ra, ca) + state.holes(rb, cb) >= ra - rv
    assert sq["victim"] in state.pieces(BLUE) and not state.threatened(BLUE)
    assert sq["victim"] in state.threats_after(lesson_.show_me[0])[0]


def test_strike_the_victim_cannot_escape_and_is_struck_whatever_blue_does():
    lesson_ = lesson("strike")
    sq = lesson_.squares
    state = start(lesson_).apply(lesson_.show_me[0])
    assert sq["victim"] in state.threatened(BLUE)
    assert state.move_targets(*sq["victim"]) == frozenset(), "every square it reaches is taken"
    for after in opponent_turns(state):
        assert after.to_move == RED
        # a blue group of three is punished first: whichever piece Red takes, b1 goes too
        for end in [after.apply(r) for r in after.legal_actions()] if after.punishing else [after]:
            assert sq["victim"] in end.last_captured
            assert sq["victim"] in taken(lesson_, end)
    reply = defend(state)
    assert reply in state.legal_actions() and reply == defend(state)


def test_escape_the_piece_is_threatened_until_it_leaves_the_line():
    lesson_ = lesson("escape")
    sq, state = lesson_.squares, start(lesson_)
    assert state.threatened(RED) == {sq["piece"]}
    assert {sq["pair_a"], sq["pair_b"]} <= state.pieces(BLUE)
    assert max(abs(a - b) for a, b in zip(sq["pair_a"], sq["pair_b"])) == 1
    after = state.apply(lesson_.show_me[0])
    assert state.threats_after(lesson_.show_me[0])[1] == frozenset()
    assert len(after.pieces(RED)) == len(state.pieces(RED))
    stay = start(lesson_).apply(Move(10, 1, 9, 1))  # leave it: struck at Blue's turn start
    assert sq["piece"] in stay.last_captured


def test_group_punish_a_piece_the_pair_does_not_strike_anyway():
    lesson_ = lesson("group")
    sq, state = lesson_.squares, start(lesson_)
    assert state.pending_groups() == ({sq["group_a"], sq["group_b"], sq["victim"]},)
    assert {sq["pair_a"], sq["pair_b"]} <= state.pieces(RED)
    for other in ("group_a", "group_b"):
        after = state.apply(Remove(*sq[other]))
        assert after.captured(RED) - state.captured(RED) == 2
        assert after.last_captured == {sq[other], sq["victim"]}
    wasted = state.apply(Remove(*sq["victim"]))
    assert wasted.captured(RED) - state.captured(RED) == 1


def test_double_two_threats_and_every_defence_loses_the_game():
    lesson_ = lesson("double")
    sq, state = lesson_.squares, start(lesson_)
    values = lesson_.values()
    assert state.captured(RED) == values["captured"] == lesson_.target - 1 == values["target"] - 1
    move = lesson_.show_me[0]
    assert state.threats_after(move) == (frozenset({sq["left"], sq["right"]}), frozenset())
    after = state.apply(move)
    for reply in opponent_turns(after):
        outcome = reply.outcome()
        if outcome is None:  # Blue made a group: Red's punishment is the tenth capture
            assert reply.punishing and all(
                reply.apply(r).outcome().winner == RED for r in reply.legal_actions()
            )
        else:
            assert outcome.winner == RED
    for other in state.legal_actions():  # no single threat wins: Blue saves the piece
        if other != move and len(state.threats_after(other)[0]) < 2:
            assert wrong_reason(lesson_, state, other) is not None


# ---------------------------------------------------------------- squares and texts


@pytest.mark.parametrize("lesson_", LESSONS, ids=KEYS)
def test_highlights_are_the_squares_the_english_texts_name(lesson_):
    english = strings("en")
    values = lesson_.values()
    state = start(lesson_)
    for name, (row, col) in lesson_.squares.items():
        assert 1 <= row <= 10 and 1 <= col <= 10, name
    assert set(lesson_.highlights) == set(PARTS)
    used = set()
    for part in PARTS:
        names = set(PLACEHOLDER.findall(english[lesson_.text_key(part)]))
        assert names <= set(values), (part, names - set(values))
        wanted = {lesson_.squares[n] for n in names if n in lesson_.squares}
        assert lesson_.highlights[part] == wanted, part
        used |= names
    assert used == set(values), "every named square and number is used by a text"
    # a named square holds a piece, or is where the solution goes
    ends = {(a.to_row, a.to_col) for a in lesson_.show_me if isinstance(a, Move)}
    occupied = state.pieces(RED) | state.pieces(BLUE)
    for name, square in lesson_.squares.items():
        assert square in occupied or square in ends, name


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_lesson_text_exists_with_the_english_placeholders(language):
    english, other = strings("en"), strings(language)
    keys = [each.text_key(part) for each in LESSONS for part in PARTS] + [OWN_GROUP]
    for key in keys:
        assert key in other, key
        assert other[key].strip(), key
        assert sorted(PLACEHOLDER.findall(other[key])) == sorted(
            PLACEHOLDER.findall(english[key])
        ), key
    lesson_keys = {k for k in other if k.startswith("kopf_lesson.")}
    assert lesson_keys == set(keys), "no stray keys in the section"


@pytest.fixture
def translations():
    install("en")
    yield
    set_language("en")


@pytest.mark.parametrize("language", LANGUAGES)
def test_texts_fill_in_and_stay_short_for_a_side_panel(translations, language):
    set_language(language)
    limit = 130 if language == "ja" else 280  # characters: about 5 lines in 520 px
    for each in LESSONS:
        for part in PARTS:
            text = t(each.text_key(part), **each.values())
            assert "%{" not in text and text != each.text_key(part), (language, part)
            assert len(text) <= (50 if part == "title" else limit), (each.key, part, text)
            assert len(SENTENCE_END.findall(text)) <= 4, (each.key, part, text)
    assert "%{" not in t(OWN_GROUP)


CODE = """
import sys
sys.modules["pygame"] = None  # any import of pygame now fails
sys.modules["i18n"] = None
from buttons_game.games.kopf import lessons
for lesson in lessons.LESSONS:
    assert lessons.solved(lesson, lessons.walkthrough(lesson)[-1][1])
loaded = [n for n, m in sys.modules.items() if m and n.split(".")[0] in ("pygame", "i18n")]
assert not loaded, loaded
assert "buttons_game.i18n" not in sys.modules
print("ok")
"""


def test_the_lessons_import_and_play_with_pygame_and_translations_blocked():
    result = subprocess.run(
        [sys.executable, "-c", CODE], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
