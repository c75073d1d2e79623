"""Settings → Network's servers in the settings file: a club's own mailbox server and relay
load back as saved; a hand-edited value that cannot be right gives the file's clear load
message naming it and falls back to the public servers; the windows' servers follow."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from buttons_game.net.internet import PUBLIC_MAILBOX, PUBLIC_RELAY, Servers
from buttons_game.settings import Settings, load_settings, save_settings


def test_a_clubs_own_servers_load_back_as_saved(tmp_path, monkeypatch):
    monkeypatch.delenv("BUTTONS_GAME_WORMHOLE", raising=False)
    path = tmp_path / "settings.json"
    mine = replace(
        Settings(), mailbox="ws://club.example.org:4000/v1", relay="tcp:club.example.org:4001"
    )
    save_settings(mine, path)
    loaded, problem = load_settings(path)
    assert problem is None
    assert (loaded.mailbox, loaded.relay) == (
        "ws://club.example.org:4000/v1",
        "tcp:club.example.org:4001",
    )
    chosen = Servers.chosen(loaded.mailbox, loaded.relay)
    assert (chosen.mailbox, chosen.relay) == (loaded.mailbox, loaded.relay)
    public = Servers.chosen(Settings().mailbox, Settings().relay)
    assert (public.mailbox, public.relay) == (PUBLIC_MAILBOX, PUBLIC_RELAY)


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("mailbox", "http://club.example.org/v1"),
        ("mailbox", "ws://club.example.org:99999/v1"),
        ("mailbox", 4000),
        ("relay", "club.example.org"),
        ("relay", "tcp:club.example.org:0"),
        ("relay", ["tcp:x:1"]),
    ],
)
def test_a_hand_edited_server_that_cannot_be_right_falls_back_and_is_named(tmp_path, key, value):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "de", key: value}), encoding="utf-8")
    loaded, problem = load_settings(path)
    assert problem is not None and key in problem and "not valid" in problem
    assert loaded.language == "de"  # the rest is kept
    assert (loaded.mailbox, loaded.relay) == ("", None)
