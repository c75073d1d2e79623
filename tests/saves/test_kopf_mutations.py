"""Mutated saves of Kopf oder Knopf either load as a legal game or raise SaveFileError,
never anything else, and loading never touches the file."""

import json
import random
from datetime import datetime, timezone

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from buttons_game.games.kopf.engine import Remove
from buttons_game.saves import encode_game
from tests.games.kopf.games import ANNA, BOT, GROUP_MOVE, punishing_start, random_game

from .mutations import check_load, json_values, mutate_bytes, mutate_json

WHEN = datetime(2025, 1, 1, tzinfo=timezone.utc)
BASES = [
    encode_game(random_game(random.Random(1), 30), name="two", saved_at=WHEN),
    encode_game(random_game(random.Random(2), target=8), saved_at=WHEN),
    encode_game(random_game(random.Random(3)), name="over", saved_at=WHEN),
    # a custom position with a punishment in its history
    encode_game(punishing_start((ANNA, BOT)).apply(GROUP_MOVE).apply(Remove(5, 6)), saved_at=WHEN),
]

WORDS = ["move", "remove", "pass", "kopf", "buttons", "roll", "easy", "hard", "red", "blue"]
KEYS = ["type", "from", "to", "at", "board", "target", "pieces", "to_move", "game", "x"]
JSON_VALUES = json_values(WORDS, KEYS)
NEW_KEYS = st.sampled_from(KEYS) | st.text(max_size=4)

SETTINGS = settings(
    max_examples=250,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return tmp_path_factory.mktemp("kopf-mutations")


# The quick tier tries a few mutations of each kind; the soak (slow) tries many.
QUICK = settings(SETTINGS, max_examples=25)
JSON_MUTATIONS = given(
    data=st.data(), base=st.sampled_from(BASES), indent=st.sampled_from([None, 1, 2])
)
BYTE_MUTATIONS = given(data=st.data(), base=st.sampled_from(BASES))


def json_mutation(folder, data, base, indent) -> None:
    doc = json.loads(base)
    mutate_json(data, doc, JSON_VALUES, NEW_KEYS)
    path = folder / "json.json"
    path.write_text(json.dumps(doc, indent=indent, ensure_ascii=False), encoding="utf-8")
    check_load(path)


def byte_mutation(folder, data, base) -> None:
    path = folder / "bytes.json"
    path.write_bytes(mutate_bytes(data, base.encode("utf-8")))
    check_load(path)


@QUICK
@JSON_MUTATIONS
def test_a_few_json_mutations_of_kopf_saves_load_legally_or_are_refused(folder, data, base, indent):
    json_mutation(folder, data, base, indent)


@pytest.mark.slow
@SETTINGS
@JSON_MUTATIONS
def test_json_mutations_of_kopf_saves_load_legally_or_are_refused(folder, data, base, indent):
    json_mutation(folder, data, base, indent)


@QUICK
@BYTE_MUTATIONS
def test_a_few_byte_mutations_of_kopf_saves_load_legally_or_are_refused(folder, data, base):
    byte_mutation(folder, data, base)


@pytest.mark.slow
@SETTINGS
@BYTE_MUTATIONS
def test_byte_mutations_of_kopf_saves_load_legally_or_are_refused(folder, data, base):
    byte_mutation(folder, data, base)


def test_both_outcomes_occur_so_the_property_tests_test_something(folder):
    """Sanity check of the harness: a harmless edit loads, a harmful one is refused."""
    path = folder / "plain.json"
    doc = json.loads(BASES[3])
    doc["seats"][0]["name"] = "Renamed"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert check_load(path) == "loaded"
    doc["actions"][1]["at"] = [1, 1]
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert check_load(path) == "refused"
