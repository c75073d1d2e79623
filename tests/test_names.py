"""Names at one border: what set-up and Save as keep of typed text, and which stored names load."""

import subprocess
import sys
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from buttons_game.names import (
    SAVE_NAME_LIMIT,
    SEAT_NAME_LIMIT,
    clean_name,
    excerpt,
    name_problem,
)


def test_the_limits_are_what_the_screens_let_a_player_type():
    assert (SEAT_NAME_LIMIT, SAVE_NAME_LIMIT) == (16, 48)


@pytest.mark.parametrize(
    "typed, kept",
    [
        ("Emma", "Emma"),
        ("  Emma   Maria\t\n", "Emma Maria"),
        ("Em\u200bma", "Emma"),  # zero-width space
        ("\u202eEmma", "Emma"),  # right-to-left override
        ("E\x00m\x07ma", "Emma"),
        ("Zoe\u0308", "Zoë"),  # NFC: e + combining diaeresis becomes one character
        ("Anna\u3000Lena", "Anna Lena"),  # ideographic space
        ("a\u2028b\u2029c", "a b c"),  # line and paragraph separators
        ("\ud800Ben\udfff", "Ben"),  # lone surrogates
        ("\ue000Ben", "Ben"),  # private use
        ("\U000e0041Ben", "Ben"),  # a tag character (format)
        ("さくら", "さくら"),
        ("Würfel 🎲", "Würfel 🎲"),
        ("", ""),
        ("   ", ""),
        ("\u200b\u200c\u200d\ufeff", ""),
        ("\u3164", ""),  # a Hangul filler draws nothing
        ("\u0301", ""),  # a combining mark on nothing
        ("x" * 40, "x" * 16),
        ("abcdefghijklmno pqrs", "abcdefghijklmno"),  # no space left at the cut
    ],
)
def test_clean_name_keeps_what_can_be_drawn(typed, kept):
    assert clean_name(typed, SEAT_NAME_LIMIT) == kept


@pytest.mark.parametrize(
    "stored, words",
    [
        (None, "must be text"),
        (5, "must be text"),
        ("x" * 17, "longer than 16"),
        ("", "shows nothing"),
        ("   ", "shows nothing"),
        ("Em\x00ma", "control character (U+0000)"),
        ("Emma\n", "control character (U+000A)"),
        ("\u200b\u200b", "format character (U+200B)"),
        ("Emma\u202e", "format character (U+202E)"),
        ("\ud800", "lone surrogate (U+D800)"),
        ("a\u2028b", "line separator"),
        ("\u3164\u3164", "shows nothing"),
        ("\u00a0", "shows nothing"),
    ],
)
def test_name_problem_says_why_a_stored_name_cannot_be_used(stored, words):
    problem = name_problem(stored, SEAT_NAME_LIMIT)
    assert problem is not None and words in problem


@pytest.mark.parametrize(
    "stored", ["Emma", " Emma ", "Zoë", "Zoe\u0308", "さくら", "O'Brien", "🎲", "\ue000", "A\u3164"]
)
def test_name_problem_accepts_names_that_can_be_drawn(stored):
    assert name_problem(stored, SEAT_NAME_LIMIT) is None


@given(st.text(alphabet=st.characters(exclude_categories=()), max_size=80), st.integers(0, 60))
def test_what_clean_name_keeps_is_always_a_usable_name_and_stays_as_it_is(text, limit):
    name = clean_name(text, limit)
    assert len(name) <= limit
    assert name == "" or name_problem(name, limit) is None
    assert clean_name(name, limit) == name
    assert name == unicodedata.normalize("NFC", name) or len(name) == limit


@given(st.text(alphabet=st.characters(exclude_categories=()), max_size=400), st.integers(1, 300))
def test_an_excerpt_is_short_printable_and_marks_a_cut(text, limit):
    shown = excerpt(text, limit)
    assert len(shown) <= limit
    assert shown.isprintable()
    shown.encode("utf-8")  # no lone surrogate
    if text.isprintable() and len(text) <= limit:
        assert shown == text
    else:
        assert shown == text or shown.endswith("…") or not text.isprintable()


def test_an_excerpt_of_a_huge_text_is_cut_with_an_ellipsis():
    shown = excerpt("x" * 8_000_000, 300)
    assert len(shown) == 300 and shown.endswith("…")
    assert excerpt("a\x00b", 300) == "a\\x00b"
    assert excerpt("\ud800", 300) == "\\ud800"


@given(st.text(alphabet=st.characters(exclude_categories=()), max_size=400), st.integers(1, 300))
def test_an_excerpt_keeping_the_end_is_short_and_keeps_the_end(text, limit):
    shown = excerpt(text, limit, keep_end=True)
    assert len(shown) <= limit and shown.isprintable()
    if len(text) > limit and text.isprintable():
        head = (limit - 1) // 2
        assert shown[head] == "…" and text.startswith(shown[:head])
        assert text.endswith(shown[head + 1 :])


def test_names_works_with_pygame_blocked():
    code = """
import sys
sys.modules["pygame"] = None
from buttons_game.names import clean_name
assert clean_name(" Emma ", 16) == "Emma"
assert not [n for n, m in sys.modules.items() if m and n.split(".")[0] == "pygame"]
print("ok")
"""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
