"""The wire's messages: every one survives encode/decode for both games, and the decoder
refuses each kind of bad frame with a ProtocolError and its code."""

from __future__ import annotations

import json
from typing import Any

import pytest

from buttons_game.net.messages import (
    MESSAGE_TYPES,
    PROTOCOL_VERSION,
    Act,
    Applied,
    Commit,
    Drawn,
    Error,
    Hello,
    Join,
    Joined,
    JoinRefused,
    Kick,
    Leave,
    Lobby,
    LobbySeat,
    Ping,
    Pong,
    Refused,
    Resync,
    Reveal,
    Start,
    UndoRequest,
    Welcome,
)
from buttons_game.net.protocol import (
    ERROR_CODES,
    MAX_FRAME_BYTES,
    MAX_RESYNC_BYTES,
    ProtocolError,
    decode,
    encode,
)

from .games import KIND_IDS, kind, played


def every_message(kind_id: str) -> list[Any]:
    _, setup, actions = played(kind_id, 12)
    return [
        Hello(PROTOCOL_VERSION, "0.1.0", kind_id),
        Welcome(),
        Join(1, "Zoë", None),
        Join(0, "Würfel 🎲", "Xy_9-credential"),
        Joined(1, "Xy_9-credential"),
        JoinRefused("seat_taken"),
        Lobby((LobbySeat("host", "Emma"), LobbySeat("open"))),
        Lobby((LobbySeat("guest", "さくら"), LobbySeat("bot", "Knopf", "hard"))),
        Start(),
        Act(3, actions[3]),
        Applied(0, actions[0], None),
        Applied(5, actions[5], 1),
        Refused(4, "not_your_turn", (("row", 2), ("seat", 1))),
        Refused(4, "occupied", ()),
        Resync(setup, tuple(actions), {"epoch": 0, "reveals": ["00ff"]}, len(actions)),
        Resync(setup, (), None, 0),
        UndoRequest(7),
        Reveal(2, bytes(range(32))),
        Drawn(3, (bytes(range(32)), b"\x01" * 32)),
        Commit(0, b"\xab" * 32),
        Leave(),
        Kick(1, "idle"),
        Ping(12345),
        Pong(12345),
        Error("bad_value"),
    ]


@pytest.mark.parametrize("kind_id", KIND_IDS)
def test_every_message_type_round_trips(kind_id: str) -> None:
    game_kind = kind(kind_id)
    messages = every_message(kind_id)
    assert {type(m) for m in messages} == set(MESSAGE_TYPES.values())
    for message in messages:
        frame = encode(message, game_kind)
        assert isinstance(frame, bytes) and len(frame) < MAX_FRAME_BYTES
        assert decode(frame, game_kind) == message
        assert json.loads(frame)["type"] in MESSAGE_TYPES


def test_a_whole_game_of_buttons_resyncs() -> None:
    game_kind, setup, actions = played("buttons", 10_000, seed=3)
    message = Resync(setup, tuple(actions), [], len(actions))
    assert decode(encode(message, game_kind), game_kind) == message


def frame(**fields: Any) -> bytes:
    return json.dumps(fields).encode()


def refused(data: bytes, kind_id: str | None = "kopf") -> ProtocolError:
    with pytest.raises(ProtocolError) as caught:
        decode(data, None if kind_id is None else kind(kind_id))
    assert caught.value.code in ERROR_CODES
    return caught.value


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"\xff\xfe{}", "not_utf8"),
        (b'{"type": "ping", "nonce": 1', "not_json"),
        (b"", "not_json"),
        (b"[1, 2]", "not_object"),
        (b'{"nonce": 1}', "not_object"),
        (b'{"type": 5}', "not_object"),
        (b'{"type": "dance"}', "unknown_type"),
        (b'{"type": "ping"}', "fields"),
        (b'{"type": "ping", "nonce": 1, "extra": 2}', "fields"),
        (b'{"type": "ping", "nonce": 1, "nonce": 2}', "fields"),
        (b'{"type": "ping", "nonce": true}', "bad_value"),
        (b'{"type": "ping", "nonce": "1"}', "bad_value"),
        (b'{"type": "ping", "nonce": 1.0}', "bad_value"),
        (b'{"type": "ping", "nonce": NaN}', "bad_value"),
        (b'{"type": "ping", "nonce": ' + b"9" * 400 + b"}", "bad_value"),
        (b'{"type": "undo_request", "ply": -1}', "bad_value"),
        (b'{"type": "undo_request", "ply": 99999999999}', "bad_value"),
        (
            b'{"type": "join", "seat": 0, "name": "' + b"a" * 33 + b'", "credential": null}',
            "bad_value",
        ),
        (b'{"type": "join", "seat": 0, "name": "a\\u0000b", "credential": null}', "bad_value"),
        (b'{"type": "join", "seat": 0, "name": "a\\u202eb", "credential": null}', "bad_value"),
        (b'{"type": "join", "seat": 0, "name": "   ", "credential": null}', "bad_value"),
        (b'{"type": "join", "seat": 9, "name": "Ann", "credential": null}', "bad_value"),
        (b'{"type": "join", "seat": 0, "name": "Ann", "credential": "a b"}', "bad_value"),
        (b'{"type": "reveal", "draw": 0, "value": "abc"}', "bad_value"),
        (b'{"type": "reveal", "draw": 0, "value": "zz"}', "bad_value"),
        (b'{"type": "commit", "epoch": 0, "head": ""}', "bad_value"),
        (b'{"type": "kick", "seat": 0, "reason": "Not A Code"}', "bad_value"),
        (b'{"type": "refused", "ply": 0, "code": "x", "details": {"a": true}}', "bad_value"),
        (b'{"type": "lobby", "seats": []}', "bad_value"),
        (
            b'{"type": "lobby", "seats": [{"filled_by": "open", "name": "Ann", "level": null}]}',
            "bad_value",
        ),
        (
            b'{"type": "lobby", "seats": [{"filled_by": "alien", "name": "Ann", "level": null}]}',
            "bad_value",
        ),
        (
            b'{"type": "lobby", "seats": [{"filled_by": "bot", "name": "B", "level": "easy"}, '
            b'{"filled_by": "bot", "name": "B", "level": "easy"}, '
            b'{"filled_by": "bot", "name": "B", "level": "easy"}]}',
            "bad_value",
        ),
        (b'{"type": "lobby", "seats": [{"filled_by": "bot", "name": "B"}]}', "bad_value"),
        (
            b'{"type": "lobby", "seats": [{"filled_by": "bot", "name": "B", "level": null}]}',
            "bad_value",
        ),
        (
            b'{"type": "lobby", "seats": [{"filled_by": "bot", "name": "B", "level": "godlike"}]}',
            "bad_value",
        ),
        (
            b'{"type": "lobby", "seats": [{"filled_by": "guest", "name": "B", "level": "easy"}]}',
            "bad_value",
        ),
        (b'{"type": "act", "ply": 0, "action": {"type": "teleport"}}', "bad_action"),
        (b'{"type": "act", "ply": 0, "action": {"type": []}}', "bad_action"),
        (b'{"type": "act", "ply": 0, "action": 17}', "bad_action"),
        (
            b'{"type": "resync", "setup": {"board": 1}, "actions": [], "proofs": null, "ply": 0}',
            "bad_setup",
        ),
        (b'{"type": "hello", "protocol": 2, "app_version": "1 0", "game": "kopf"}', "bad_value"),
        (b'{"type": "hello", "protocol": 0, "app_version": "1", "game": "kopf"}', "bad_value"),
        (b'{"type": "hello", "protocol": -3, "app_version": "1", "game": "kopf"}', "bad_value"),
        (b"[" * 100_000 + b"]" * 100_000, "not_json"),
    ],
)
def test_bad_frames_are_refused_with_their_code(data: bytes, code: str) -> None:
    assert refused(data).code == code


def test_actions_and_setups_need_the_game() -> None:
    _, setup, actions = played("kopf", 3)
    act = encode(Act(0, actions[0]), kind("kopf"))
    assert refused(act, None).code == "no_game"
    assert decode(encode(Ping(1)), None) == Ping(1)


def test_a_resync_must_count_its_actions() -> None:
    game_kind, setup, actions = played("kopf", 4)
    document = json.loads(encode(Resync(setup, tuple(actions), None, 4), game_kind))
    document["ply"] = 3
    assert refused(json.dumps(document).encode()).code == "bad_value"


def test_an_action_of_the_other_game_is_refused() -> None:
    _, _, actions = played("buttons", 6)
    data = encode(Act(0, actions[1]), kind("buttons"))
    assert refused(data, "kopf").code == "bad_action"


def test_frames_over_the_cap_are_refused_before_parsing() -> None:
    pad = " " * MAX_FRAME_BYTES
    assert refused(b'{"type": "ping", "nonce": 1}' + pad.encode()).code == "too_large"
    assert refused(b"x" * (MAX_RESYNC_BYTES + 1)).code == "too_large"
    resync = b'{"type": "resync", "setup": null, "actions": [], "proofs": null, "ply": 0}'
    # A resync may be larger: it is read (and fails on its set-up, not its size).
    assert refused(resync + pad.encode()).code == "bad_setup"


def test_another_protocol_version_names_both() -> None:
    error = refused(frame(type="hello", protocol=PROTOCOL_VERSION + 1, other="layout"))
    assert error.code == "version"
    assert error.details == {"ours": PROTOCOL_VERSION, "theirs": PROTOCOL_VERSION + 1}
    assert str(error) == (
        f"this copy speaks protocol {PROTOCOL_VERSION}, the other {PROTOCOL_VERSION + 1}: "
        "update the older copy"
    )


def test_messages_quote_huge_values_briefly() -> None:
    error = refused(frame(type="kick", seat=0, reason="x" * 100_000))
    assert error.code == "bad_value" and len(str(error)) <= 300
