"""Mutated save files either load as a legal game or raise SaveFileError, never anything else,
and loading never touches the file."""

import json
import random
from datetime import datetime, timezone

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from buttons_game.saves import SaveFileError, encode_game, load_game

from .helpers import assert_legal, random_game, snapshot

WHEN = datetime(2025, 1, 1, tzinfo=timezone.utc)
BASES = [
    encode_game(random_game(random.Random(1), 2, steps=40), name="two", saved_at=WHEN),
    encode_game(random_game(random.Random(2), 4, steps=150), saved_at=WHEN),
    encode_game(random_game(random.Random(3), 3), name="over", saved_at=WHEN),
]

WORDS = ["roll", "dice", "place", "skip", "star", "opt_out", "red", "blue", "1A", "4B", "medium"]
KEYS = ["type", "player", "row", "col", "white", "gold", "plain", "name", "bot", "seed", "x"]
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-8, 8)
    | st.integers()
    | st.floats()
    | st.text(max_size=6)
    | st.sampled_from(WORDS)
)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=4), inner, max_size=4)
    ),
    max_leaves=8,
)

SETTINGS = settings(
    max_examples=250,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def children(node):
    """Every (container, key) pair below ``node``, depth first."""
    pairs = []
    stack = [node]
    while stack:
        container = stack.pop()
        keys = list(container) if isinstance(container, dict) else range(len(container))
        for key in keys:
            pairs.append((container, key))
            if isinstance(container[key], (dict, list)):
                stack.append(container[key])
    return pairs


def mutate_json(data, doc):
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        pairs = children(doc)
        if not pairs:
            return
        container, key = pairs[data.draw(st.integers(0, len(pairs) - 1), label="where")]
        how = data.draw(st.sampled_from(["replace", "nudge", "delete", "insert", "swap", "add"]))
        value = container[key]
        if how == "nudge" and type(value) is int:
            container[key] = value + data.draw(st.integers(-7, 7).filter(bool), label="by")
        elif how == "delete":
            del container[key]
        elif how == "insert" and isinstance(container, list):
            copy = data.draw(st.booleans(), label="copy a sibling")
            new = json.loads(json.dumps(value)) if copy else data.draw(JSON_VALUES)
            container.insert(key, new)
        elif how == "swap" and isinstance(container, list):
            other = data.draw(st.integers(0, len(container) - 1), label="with")
            container[key], container[other] = container[other], container[key]
        elif how == "add" and isinstance(container, dict):
            container[data.draw(st.sampled_from(KEYS) | st.text(max_size=4))] = data.draw(
                JSON_VALUES
            )
        else:
            container[key] = data.draw(JSON_VALUES, label="new value")


def mutate_bytes(data, raw):
    raw = bytearray(raw)
    for _ in range(data.draw(st.integers(1, 4), label="mutations")):
        at = data.draw(st.integers(0, len(raw)), label="at")
        how = data.draw(st.sampled_from(["flip", "set", "delete", "insert", "truncate", "repeat"]))
        if how == "flip" and at < len(raw):
            raw[at] ^= 1 << data.draw(st.integers(0, 7))
        elif how == "set" and at < len(raw):
            raw[at] = data.draw(st.sampled_from(b'0123456789-[]{}",: \n\x00\xff'))
        elif how == "delete":
            del raw[at : at + data.draw(st.integers(1, 40))]
        elif how == "insert":
            raw[at:at] = data.draw(st.binary(min_size=1, max_size=12))
        elif how == "truncate":
            del raw[at:]
        else:
            raw[at:at] = raw[at : at + data.draw(st.integers(1, 80))]
    return bytes(raw)


def check_load(path):
    """The only acceptable results: a legal game, or SaveFileError naming the file."""
    before = snapshot(path.parent)
    try:
        game = load_game(path)
    except SaveFileError as error:
        assert str(path) in str(error)
        outcome = "refused"
    else:
        assert_legal(game)
        outcome = "loaded"
    assert snapshot(path.parent) == before
    return outcome


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return tmp_path_factory.mktemp("mutations")


@SETTINGS
@given(data=st.data(), base=st.sampled_from(BASES), indent=st.sampled_from([None, 1, 2]))
def test_json_mutations_load_legally_or_are_refused(folder, data, base, indent):
    doc = json.loads(base)
    mutate_json(data, doc)
    path = folder / "json.json"
    path.write_text(json.dumps(doc, indent=indent, ensure_ascii=False), encoding="utf-8")
    check_load(path)


@SETTINGS
@given(data=st.data(), base=st.sampled_from(BASES))
def test_byte_mutations_load_legally_or_are_refused(folder, data, base):
    path = folder / "bytes.json"
    path.write_bytes(mutate_bytes(data, base.encode("utf-8")))
    check_load(path)


def test_both_outcomes_occur_so_the_property_tests_test_something(folder):
    """Sanity check of the harness: a harmless edit loads, a harmful one is refused."""
    path = folder / "plain.json"
    doc = json.loads(BASES[0])
    doc["seats"][0]["name"] = "Renamed"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert check_load(path) == "loaded"
    doc["actions"][1]["white"] = 0
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert check_load(path) == "refused"
