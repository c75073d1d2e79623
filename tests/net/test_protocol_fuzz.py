"""The decoder, fed random bytes and valid frames mutated at random: it returns a message
or raises ProtocolError, never anything else."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from buttons_game.net.protocol import ERROR_CODES, ProtocolError, decode, encode

from .games import KIND_IDS, kind
from .test_protocol import every_message

FRAMES = [(k, encode(m, kind(k))) for k in KIND_IDS for m in every_message(k)]
FUZZ = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SOAK = settings(FUZZ, max_examples=500)  # the slow tier's longer run of the same three

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=40),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4)
    ),
    max_leaves=12,
)


def decodes_or_refuses(data: bytes, kind_id: str) -> None:
    try:
        decode(data, kind(kind_id))
    except ProtocolError as error:
        assert error.code in ERROR_CODES
        assert str(error)


def random_bytes(data: bytes, kind_id: str) -> None:
    decodes_or_refuses(data, kind_id)


def flipped_inserted_and_cut_bytes(entry: tuple[str, bytes], data: st.DataObject) -> None:
    kind_id, frame = entry
    buffer = bytearray(frame)
    for _ in range(data.draw(st.integers(1, 4))):
        where = data.draw(st.integers(0, max(0, len(buffer) - 1)))
        how = data.draw(st.sampled_from(["flip", "insert", "cut", "truncate"]))
        if how == "flip" and buffer:
            buffer[where] ^= 1 << data.draw(st.integers(0, 7))
        elif how == "insert":
            buffer[where:where] = data.draw(st.binary(min_size=1, max_size=6))
        elif how == "cut":
            del buffer[where : where + data.draw(st.integers(1, 6))]
        else:
            del buffer[where:]
    decodes_or_refuses(bytes(buffer), kind_id)


def fields_replaced_added_and_removed(entry: tuple[str, bytes], data: st.DataObject) -> None:
    kind_id, frame = entry
    document: dict[str, Any] = json.loads(frame)
    key = data.draw(st.sampled_from(sorted(document)))
    how = data.draw(st.sampled_from(["replace", "remove", "add", "deep"]))
    if how == "replace":
        document[key] = data.draw(json_values)
    elif how == "remove":
        del document[key]
    elif how == "add":
        document[data.draw(st.text(max_size=10))] = data.draw(json_values)
    else:
        document[key] = _replace_inside(document[key], data)
    decodes_or_refuses(json.dumps(document).encode(), kind_id)


def _replace_inside(value: Any, data: st.DataObject) -> Any:
    """``value`` with one of its nested parts (an action's field, a seat) replaced."""
    if isinstance(value, dict) and value:
        key = data.draw(st.sampled_from(sorted(value)))
        return {**value, key: _replace_inside(value[key], data)}
    if isinstance(value, list) and value:
        i = data.draw(st.integers(0, len(value) - 1))
        return [*value[:i], _replace_inside(value[i], data), *value[i + 1 :]]
    return data.draw(json_values)


BYTES = (st.binary(max_size=400), st.sampled_from(KIND_IDS))
MUTATED = (st.sampled_from(FRAMES), st.data())


@FUZZ
@given(*BYTES)
def test_random_bytes(data: bytes, kind_id: str) -> None:
    random_bytes(data, kind_id)


@FUZZ
@given(*MUTATED)
def test_flipped_inserted_and_cut_bytes(entry: tuple[str, bytes], data: st.DataObject) -> None:
    flipped_inserted_and_cut_bytes(entry, data)


@FUZZ
@given(*MUTATED)
def test_fields_replaced_added_and_removed(entry: tuple[str, bytes], data: st.DataObject) -> None:
    fields_replaced_added_and_removed(entry, data)


@pytest.mark.slow
@SOAK
@given(*BYTES)
def test_random_bytes_soak(data: bytes, kind_id: str) -> None:
    random_bytes(data, kind_id)


@pytest.mark.slow
@SOAK
@given(*MUTATED)
def test_flipped_inserted_and_cut_bytes_soak(entry: tuple[str, bytes], data: st.DataObject) -> None:
    flipped_inserted_and_cut_bytes(entry, data)


@pytest.mark.slow
@SOAK
@given(*MUTATED)
def test_fields_replaced_added_and_removed_soak(
    entry: tuple[str, bytes], data: st.DataObject
) -> None:
    fields_replaced_added_and_removed(entry, data)
