"""Saves of a networked game: the host's and a guest's, each with the same set-up, actions
and dice proofs; older versions load as before; a hostile network object is refused."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from buttons_game.net.proofs import encode_proofs
from buttons_game.saves import (
    SaveFileError,
    autosave,
    fileformat,
    list_saves,
    read_save,
    save_as,
    save_game,
)
from buttons_game.saves.network import GUEST, HOST, guest_record, host_record, verdict
from tests.net import test_host_guest as net

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="module")
def finished() -> Any:
    """A whole game of BUTTONS at a host (seat 0, a bot) with two guests (seats 1, 2)."""
    table = net.hosted("buttons", ("easy", None, None), seed=11)
    net.play_out(table, seed=3)
    assert table.host.match is not None and table.host.match.state.is_over()
    return table


def _guests(table: Any) -> list[Any]:
    return [table.guests[peer] for peer in sorted(table.guests)]


def test_the_hosts_save_holds_its_part_and_the_proofs_and_loads_the_same(finished, tmp_path):
    host = finished.host
    record = host_record(host)
    path = tmp_path / "host.json"
    save_game(host.match.game, path, network=record)
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["version"] == fileformat.VERSION == 3
    assert doc["network"]["role"] == "host" and doc["network"]["local_seats"] == [0]
    assert doc["network"]["proofs"] == encode_proofs(host.dice.proofs())
    saved = read_save(path)
    assert saved.game == host.match.game
    assert saved.network == record
    assert saved.key == f"{host.match.game.game_id}-host"
    assert verdict(saved.game, saved.network).verified


def test_every_guests_save_holds_the_same_game_and_the_same_proofs(finished, tmp_path):
    host = finished.host
    for guest in _guests(finished):
        record = guest_record(guest)
        assert record.role == GUEST and record.local_seats == (guest.seat,)
        assert record.computer in host.dice.epoch.computers and record.computer != HOST
        path = tmp_path / f"{record.computer}.json"
        save_game(guest.game, path, network=record)
        saved = read_save(path)
        assert saved.game.state.history() == host.match.state.history()
        assert saved.game.state.setup == host.match.state.setup
        assert saved.game.game_id == host.match.game.game_id
        # every roll's proof, also those after the last whole game the guest got mid-play
        assert saved.network.proofs == host.dice.proofs()
        assert verdict(saved.game, saved.network).verified


def test_a_named_save_of_a_networked_game_is_marked_in_the_list(finished):
    guest = _guests(finished)[0]
    save_as(guest.game, "Network night", network=guest_record(guest))
    autosave(finished.host.match.game)  # the same game, as if played on one computer
    infos = {info.name or "auto": info for info in list_saves()}
    assert infos["Network night"].networked and infos["Network night"].role == GUEST
    assert not infos["auto"].networked and infos["auto"].role is None
    again = {info.name or "auto": info for info in list_saves()}  # now from the index
    assert again == infos


# ------------------------------------------------------------------ older versions


@pytest.mark.parametrize("file", sorted(p.name for p in DATA.glob("v*.json")))
def test_older_versions_load_unchanged_and_without_a_network(file):
    raw = json.loads((DATA / file).read_text(encoding="utf-8"))
    saved = read_save(DATA / file)
    assert saved.network is None
    assert saved.key == saved.game.game_id == raw["game_id"]
    assert len(saved.game.state.history()) == len(raw["actions"])


def test_the_step_from_version_2_adds_no_network_and_changes_nothing_else():
    doc = json.loads((DATA / "v2-kopf-unfinished.json").read_text(encoding="utf-8"))
    assert fileformat.migrate(doc) == {**doc, "version": 3}


def test_a_version_2_save_with_a_network_is_refused(finished, tmp_path):
    path = tmp_path / "odd.json"
    save_game(finished.host.match.game, path, network=host_record(finished.host))
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["version"] = 2
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(SaveFileError, match="cannot upgrade this version 2 save"):
        read_save(path)


# ------------------------------------------------------------------ hostile files


@pytest.fixture(scope="module")
def good_doc(finished, tmp_path_factory) -> dict[str, Any]:
    guest = _guests(finished)[1]
    path = tmp_path_factory.mktemp("doc") / "guest.json"
    save_game(guest.game, path, network=guest_record(guest))
    return json.loads(path.read_text(encoding="utf-8"))


def _refused(doc: dict[str, Any], tmp_path: Path) -> str:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(SaveFileError) as error:
        read_save(path)
    return str(error.value)


HOSTILE = {
    "not an object": lambda n: [n],
    "a missing field": lambda n: {k: v for k, v in n.items() if k != "computer"},
    "an extra field": lambda n: {**n, "host_address": "192.168.1.2:4747"},
    "a credential": lambda n: {**n, "credential": "x" * 32},
    "an unknown role": lambda n: {**n, "role": "spectator"},
    "a role that is a list": lambda n: {**n, "role": ["host"]},
    "a computer with a slash": lambda n: {**n, "computer": "../guest-1"},
    "a computer not in the dice": lambda n: {**n, "computer": "guest-9"},
    "a computer too long for a key": lambda n: {**n, "computer": "g" * 64},
    "a seat beyond the table": lambda n: {**n, "local_seats": [3]},
    "a negative seat": lambda n: {**n, "local_seats": [-1]},
    "a seat twice": lambda n: {**n, "local_seats": [1, 1]},
    "seats out of order": lambda n: {**n, "local_seats": [2, 1]},
    "a seat that is true": lambda n: {**n, "local_seats": [True]},
    "a guest of no seat": lambda n: {**n, "local_seats": []},
    "many seats": lambda n: {**n, "local_seats": list(range(10_000))},
    "proofs of another game": lambda n: {**n, "proofs": {**n["proofs"], "game_id": "other"}},
    "proofs not a record": lambda n: {**n, "proofs": "deadbeef"},
    "a reveal not hex": lambda n: {
        **n,
        "proofs": {**n["proofs"], "draws": [["zz" * 32] * 3, *n["proofs"]["draws"][1:]]},
    },
    "too many draws": lambda n: {
        **n,
        "proofs": {**n["proofs"], "draws": [["00" * 32] * 3] * 100_001},
    },
}


@pytest.mark.parametrize("case", HOSTILE)
def test_a_hostile_network_object_is_refused_with_the_loaders_error(good_doc, tmp_path, case):
    doc = copy.deepcopy(good_doc)
    doc["network"] = HOSTILE[case](doc["network"])
    message = _refused(doc, tmp_path)
    assert "bad.json" in message and len(message) <= fileformat.MAX_MESSAGE_CHARS


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=12), inner),
    max_leaves=20,
)
FIELDS = st.sampled_from(["role", "computer", "local_seats", "proofs"])


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(field=FIELDS, value=JSON)
def test_fuzz_any_value_in_a_network_field_loads_or_is_refused_cleanly(good_doc, field, value):
    doc = copy.deepcopy(good_doc)
    doc["network"][field] = value
    try:
        saved = fileformat.decode_game(json.dumps(doc).encode("utf-8"), "fuzz.json")
    except SaveFileError as error:
        assert str(error).startswith("fuzz.json: ")
    else:  # only a value the decoder checked could be taken
        assert saved.network is not None
        assert saved.network.local_seats == tuple(doc["network"]["local_seats"])


@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
@given(value=JSON)
def test_fuzz_any_network_object_is_refused_cleanly(good_doc, value):
    doc = {**good_doc, "network": value}
    with pytest.raises(SaveFileError, match="^fuzz.json: bad network"):
        fileformat.decode_game(json.dumps(doc).encode("utf-8"), "fuzz.json")


def test_the_writer_refuses_a_network_the_loader_would_refuse(finished, tmp_path):
    record = host_record(finished.host)
    bad = type(record)(HOST, "host", (7,), record.proofs)
    with pytest.raises(ValueError, match="the network cannot be saved"):
        save_game(finished.host.match.game, tmp_path / "x.json", network=bad)
    assert not (tmp_path / "x.json").exists()
