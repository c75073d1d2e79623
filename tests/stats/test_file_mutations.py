"""A statistics file with a wrong-typed value in any field, at any depth, either reads as
statistics that then work (players, fairness, has_counted, add, a round trip) or raises
StatsFileError, never anything else (the store sets such a file aside and rebuilds)."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from buttons_game import stats
from buttons_game.games.buttons.game import Seat
from buttons_game.stats.report import stats_text, stats_to_json

from ..saves.mutations import json_values, mutate_json
from .helpers import play_buttons, play_kopf


def _named(game: Any, game_id: str) -> Any:
    """The game under a fixed id: the strategies below draw from the ids, and hypothesis
    replays its saved examples in later processes, which must draw the same ones."""
    return replace(game, game_id=game_id)


def _base() -> stats.Statistics:
    result = stats.Statistics()
    for seed in range(3):
        game = play_buttons((Seat("Anna"), Seat("Bo", "hard")), seed)
        result.add(stats.tally_game(_named(game, f"buttons-{seed}")))
    for seed in range(2):
        game = play_kopf((Seat("Zoë"), Seat("Bo", "easy")), seed)
        result.add(stats.tally_game(_named(game, f"kopf-{seed}")))
    return result


BASE = _base()
BASE_DOC = json.loads(stats.encode_statistics(BASE))
# Games not in BASE, added to whatever a mutated file reads as.
NEW_TALLIES = (
    stats.tally_game(_named(play_buttons((Seat("Anna"), Seat("Cy", "easy")), 7), "buttons-new")),
    stats.tally_game(_named(play_kopf((Seat("Anna"), Seat("Bo", "medium")), 7), "kopf-new")),
)
WRONG = [
    [],
    [1, "x"],
    [[]],
    {},
    {"a": [1]},
    None,
    True,
    False,
    0.5,
    1e300,
    10**14,
    -1,
    -(10**14),
    "",
    "x" * 5000,
    "buttons",
    "white",
]
KEYS = ["id", "game", "levels", "people", "dice", "name", "won", "drew", "figures", "vs"]
WORDS = ["buttons", "kopf", "white", "gold", "plain", "easy", "hard", "Anna", *BASE.counted]
JSON_VALUES = json_values(WORDS, KEYS) | st.sampled_from(WRONG)
NEW_KEYS = st.sampled_from(KEYS) | st.text(max_size=4)


def paths(node: object, where: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every field's path below ``node``: each key of an object, each item of a list."""
    found = []
    if isinstance(node, dict):
        items: list[tuple[object, object]] = list(node.items())
    elif isinstance(node, list):
        items = list(enumerate(node))
    else:
        return []
    for key, value in items:
        found.append((*where, key))
        found.extend(paths(value, (*where, key)))
    return found


def replaced(path: tuple[object, ...], value: object) -> dict:
    doc = json.loads(json.dumps(BASE_DOC))
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return doc


def check_decode(doc: object) -> str:
    """The only acceptable results: working statistics, or StatsFileError."""
    data = json.dumps(doc, ensure_ascii=False).encode("utf-8")
    try:
        read = stats.decode_statistics(data)
    except stats.StatsFileError as error:
        assert 0 < len(str(error)) <= 300
        return "refused"
    for game in (None, *stats.game_ids()):
        for record in read.players(game):
            assert record.games >= record.wins + record.draws >= 0
            record.win_rate, record.stars_per_round, record.turns_per_game  # noqa: B018
    for die in read.fairness().values():
        assert die.p_value is None or 0.0 <= die.p_value <= 1.0
    for game_id in (*BASE.counted, "no-such-game"):
        assert read.has_counted(game_id) in (True, False)
    stats_to_json(read), stats_text(read)  # what ``buttons-game stats`` prints
    assert stats.decode_statistics(stats.encode_statistics(read)) == read
    for tally in NEW_TALLIES:
        read.add(tally)
        assert read.has_counted(tally.game_id)
    assert stats.decode_statistics(stats.encode_statistics(read)) == read
    return "read"


EVERY_FIELD = paths(BASE_DOC)


def test_the_base_file_has_fields_at_every_depth():
    deepest = max(len(path) for path in EVERY_FIELD)
    assert deepest >= 5  # recent → game → people → person → figures → a count
    assert {path[0] for path in EVERY_FIELD} == set(BASE_DOC)
    assert {path[-1] for path in EVERY_FIELD} >= {"id", "levels", "won", "figures", "vs"}


@pytest.mark.parametrize("value", WRONG, ids=repr)
def test_a_wrong_value_in_any_recent_field_reads_or_is_refused(value):
    for path in (p for p in EVERY_FIELD if p[0] == "recent"):
        check_decode(replaced(path, value))


@pytest.mark.parametrize("value", [[], {}, None], ids=repr)
def test_a_list_object_or_null_in_any_field_reads_or_is_refused(value):
    for path in EVERY_FIELD:
        check_decode(replaced(path, value))


@pytest.mark.slow
@pytest.mark.parametrize("value", WRONG, ids=repr)
def test_a_wrong_value_in_any_field_reads_or_is_refused(value):
    for path in EVERY_FIELD:
        check_decode(replaced(path, value))


def test_a_list_or_object_for_a_recent_id_or_level_is_refused():
    for path in (("recent", 0, "id"), ("recent", 0, "levels", 0), ("players", 0, "game")):
        for value in ([], {}, [["hard"]]):
            assert check_decode(replaced(path, value)) == "refused", (path, value)
    for value in ([["hard"]], [{}], [[], "easy"]):
        assert check_decode(replaced(("recent", 1, "levels"), value)) == "refused", value


def test_both_outcomes_occur_so_the_property_tests_test_something():
    assert check_decode(replaced(("players", 0, "name"), "Renamed")) == "read"
    assert check_decode(replaced(("players", 0, "games"), [])) == "refused"


SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
QUICK = settings(SETTINGS, max_examples=40)


def json_mutation(data: st.DataObject) -> None:
    doc = json.loads(json.dumps(BASE_DOC))
    mutate_json(data, doc, JSON_VALUES, NEW_KEYS)
    check_decode(doc)


@QUICK
@given(data=st.data())
def test_a_few_random_edits_read_or_are_refused(data):
    json_mutation(data)


@pytest.mark.slow
@SETTINGS
@given(data=st.data())
def test_random_edits_read_or_are_refused(data):
    json_mutation(data)
