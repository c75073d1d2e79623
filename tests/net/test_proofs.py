"""The proof record's decoder trusts nothing: every field is checked, and anything wrong
(types, lengths, sizes) is a ValueError naming it, never another exception."""

from __future__ import annotations

import contextlib
import copy
import json
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from buttons_game.net import decode_proofs, encode_proofs
from tests.net.table import COMPUTERS, Table


@cache
def _document() -> str:
    table = Table(length=4)
    table.deal()
    for draw in range(1, 4):
        for computer in COMPUTERS:
            table.reveal(computer, draw)
    table.renew("seat_to_bot", ("ann", "bob"))
    for computer in ("ann", "bob"):
        table.reveal(computer, 4)
    return json.dumps(encode_proofs(table.dice.proofs()))


def document() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(_document())
    return data


def test_a_record_survives_json() -> None:
    proofs = decode_proofs(document())
    assert encode_proofs(proofs) == document()
    assert [e.reason for e in proofs.epochs] == ["start", "seat_to_bot"]
    assert len(proofs.draws) == 5 and len(proofs.draws[4]) == 2


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (lambda d: d.pop("draws"), "lacks draws"),
        (lambda d: d.update(extra=1), "unknown fields: extra"),
        (lambda d: d.update(version=2), "version 2"),
        (lambda d: d.update(game_id="a b"), "the game id"),
        (lambda d: d["epochs"][0].update(start=1), "the first epoch"),
        (lambda d: d["epochs"][1].update(reason="start"), "epoch 1"),
        (lambda d: d["epochs"][1].update(reason="bored"), "bored"),
        (lambda d: d["epochs"][0]["commitments"].pop(), "one commitment per computer"),
        (lambda d: d["epochs"][0]["computers"].__setitem__(1, "ann"), "twice"),
        (lambda d: d["epochs"][0].update(length=True), "length"),
        (lambda d: d["draws"][2].pop(), "draw 2 has 2 reveals"),
        (lambda d: d["draws"][1].__setitem__(0, "AB" * 32), "draw 1: a reveal"),
        (lambda d: d["draws"].insert(3, d["draws"][2]), "draw 4 holds 3 entries"),
        (lambda d: d["epochs"][1].update(start=9), "after the last draw"),
        (lambda d: d["epochs"][0].update(length=2), "beyond its epoch's chains"),
    ],
)
def test_each_wrong_field_is_named(change: Any, named: str) -> None:
    data = document()
    change(data)
    with pytest.raises(ValueError, match=named.replace("(", r"\(")):
        decode_proofs(data)


def test_sizes_are_bounded() -> None:
    data = document()
    data["draws"] = [[]] * 100_001
    with pytest.raises(ValueError, match="more than"):
        decode_proofs(data)
    data = document()
    data["epochs"][0]["computers"] = [f"c{i}" for i in range(9)]
    data["epochs"][0]["commitments"] = data["epochs"][0]["commitments"] * 3
    with pytest.raises(ValueError, match="1 to 8 computers"):
        decode_proofs(data)


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True)
    | st.text(max_size=70),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner),
    max_leaves=12,
)


def _paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _paths(value, (*path, index))
    return found


def _mutated_record_is_decoded_or_refused(data: st.DataObject, value: Any) -> None:
    record = document()
    paths = _paths(record)
    path = data.draw(st.sampled_from(paths[1:]))
    target = record
    for key in path[:-1]:
        target = target[key]
    if data.draw(st.booleans()) and isinstance(target, list):
        target.pop(path[-1])
    else:
        target[path[-1]] = value
    with contextlib.suppress(ValueError):
        decode_proofs(copy.deepcopy(record))


@settings(max_examples=25, deadline=None, database=None)
@given(st.data(), JSON)
def test_a_mutated_record_is_decoded_or_refused_with_value_error(
    data: st.DataObject, value: Any
) -> None:
    _mutated_record_is_decoded_or_refused(data, value)


@pytest.mark.slow
@settings(max_examples=600, deadline=None, database=None)
@given(st.data(), JSON)
def test_many_mutated_records_are_decoded_or_refused_with_value_error(
    data: st.DataObject, value: Any
) -> None:
    _mutated_record_is_decoded_or_refused(data, value)


@settings(
    max_examples=40, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(JSON)
def test_any_document_is_decoded_or_refused_with_value_error(data: Any) -> None:
    with pytest.raises(ValueError):
        decode_proofs(data)
