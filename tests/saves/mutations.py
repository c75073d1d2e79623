"""Random edits of save files, JSON-aware or byte by byte, and the only acceptable results of
loading one: a legal game or SaveFileError naming the file, the file untouched."""

import json

from hypothesis import strategies as st

from buttons_game.saves import SaveFileError, load_game

from .helpers import assert_legal, snapshot


def json_values(words, keys):
    """Any small JSON value, with ``words`` among the texts and ``keys`` among the keys."""
    scalars = (
        st.none()
        | st.booleans()
        | st.integers(-8, 8)
        | st.integers()
        | st.floats()
        | st.text(max_size=6)
        | st.sampled_from(words)
    )
    return st.recursive(
        scalars,
        lambda inner: (
            st.lists(inner, max_size=4)
            | st.dictionaries(st.sampled_from(keys) | st.text(max_size=4), inner, max_size=4)
        ),
        max_leaves=8,
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


def mutate_json(data, doc, values, keys):
    """Up to three random edits of the JSON document ``doc``: new values drawn from
    ``values``, new keys from ``keys``."""
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
            new = json.loads(json.dumps(value)) if copy else data.draw(values)
            container.insert(key, new)
        elif how == "swap" and isinstance(container, list):
            other = data.draw(st.integers(0, len(container) - 1), label="with")
            container[key], container[other] = container[other], container[key]
        elif how == "add" and isinstance(container, dict):
            container[data.draw(keys)] = data.draw(values)
        else:
            container[key] = data.draw(values, label="new value")


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
