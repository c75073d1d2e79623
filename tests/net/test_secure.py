"""The join code's handshake, the channel after it, and the limit on guesses."""

from __future__ import annotations

import pytest

from buttons_game.net.messages import Ping
from buttons_game.net.protocol import decode, encode
from buttons_game.net.secure import (
    GUEST,
    HOST,
    SECURE_ERROR_CODES,
    Channel,
    Handshake,
    SecureError,
    TryLimiter,
    hkdf_sha256,
)


def exchange(host_code: str, guest_code: str) -> tuple[Channel, Channel]:
    host, guest = Handshake(host_code, HOST), Handshake(guest_code, GUEST)
    to_guest, to_host = host.start(), guest.start()
    return host.finish(to_host), guest.finish(to_guest)


def refusal(channel: Channel, frame: bytes) -> str:
    with pytest.raises(SecureError) as caught:
        channel.open(frame)
    assert caught.value.code in SECURE_ERROR_CODES
    return caught.value.code


def test_the_right_code_gives_both_sides_a_working_channel() -> None:
    host, guest = exchange("K7-P2Q", "k7 p2q")  # case, spaces and dashes do not matter
    for n in range(3):
        frame = guest.seal(encode(Ping(n)))
        assert encode(Ping(n)) not in frame
        assert decode(host.open(frame)) == Ping(n)
        assert guest.open(host.seal(b"answer %d" % n)) == b"answer %d" % n
    assert host.sent == host.received == guest.sent == guest.received == 3


def test_each_direction_has_its_own_key() -> None:
    host, guest = exchange("K7P2Q", "K7P2Q")
    # What the host sealed does not open at the host, nor the guest's at the guest.
    assert refusal(host, host.seal(b"echo")) == "wrong_code"
    assert refusal(guest, guest.seal(b"echo")) == "wrong_code"


@pytest.mark.parametrize("guess", ["K7P2R", "K7P2", "K7P2QQ", "x"])
def test_a_wrong_code_never_gives_a_channel(guess: str) -> None:
    host, guest = exchange("K7P2Q", guess)
    assert refusal(host, guest.seal(b"hello")) == "wrong_code"
    assert refusal(guest, host.seal(b"hello")) == "wrong_code"
    assert host.received == guest.received == 0


def test_a_handshake_that_is_not_spake2_is_refused() -> None:
    for junk in (b"", b"A\x01", b"A" + bytes(31), b"\x00" * 33, b"A" + b"\xff" * 32, b"B" * 500):
        host = Handshake("K7P2Q", HOST)
        host.start()
        with pytest.raises(SecureError) as caught:
            host.finish(junk)
        assert caught.value.code == "bad_handshake"
    # Its own side's message reflected back is refused too.
    host = Handshake("K7P2Q", HOST)
    with pytest.raises(SecureError):
        host.finish(host.start())


def test_a_replayed_message_is_refused() -> None:
    host, guest = exchange("K7P2Q", "K7P2Q")
    first = guest.seal(b"roll")
    assert host.open(first) == b"roll"
    assert refusal(host, first) == "replayed"
    assert host.open(guest.seal(b"next")) == b"next"  # the channel goes on


def test_a_reordered_message_is_refused() -> None:
    host, guest = exchange("K7P2Q", "K7P2Q")
    first, second = guest.seal(b"one"), guest.seal(b"two")
    assert refusal(host, second) == "reordered"
    assert host.open(first) == b"one"
    assert host.open(second) == b"two"


def test_a_tampered_or_forged_message_is_refused() -> None:
    host, guest = exchange("K7P2Q", "K7P2Q")
    assert host.open(guest.seal(b"first")) == b"first"
    frame = guest.seal(b"place on 3")
    for i in range(len(frame)):
        changed = bytearray(frame)
        changed[i] ^= 0x01
        assert refusal(host, bytes(changed)) == "forged"
    # The counter is bound to the message: the same message under another number fails.
    renumbered = (5).to_bytes(8, "big") + frame[8:]
    assert refusal(host, renumbered) == "forged"
    assert refusal(host, frame[:-1]) == "forged"
    assert refusal(host, frame[:10]) == "too_short"
    # Another channel's key forges nothing either.
    _, stranger = exchange("K7P2Q", "K7P2Q")
    assert refusal(host, stranger.seal(b"place on 3")) == "forged"
    assert host.open(frame) == b"place on 3"


def test_hkdf_matches_rfc_5869_test_case_1() -> None:
    okm = hkdf_sha256(
        bytes.fromhex("0b" * 22),
        salt=bytes.fromhex("000102030405060708090a0b0c"),
        info=bytes.fromhex("f0f1f2f3f4f5f6f7f8f9"),
        length=42,
    )
    assert okm.hex() == (
        "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"
    )


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_the_limiter_stops_fifty_wrong_codes_from_one_address() -> None:
    clock = Clock()
    limiter = TryLimiter(clock, tries=5, every=10.0)
    ran = 0
    for _ in range(50):
        if not limiter.allow("203.0.113.9"):
            continue  # refused before the exchange runs
        ran += 1
        host, guest = exchange("K7P2Q", f"WRONG{ran}")
        assert refusal(host, guest.seal(b"let me in")) == "wrong_code"
        clock.now += 0.1
    assert ran == 5
    assert limiter.wait("203.0.113.9") == pytest.approx(10.0 - 0.5)
    assert limiter.allow("198.51.100.4")  # another address is let in
    clock.now += 9.6
    assert limiter.allow("203.0.113.9")  # one more try, ten seconds on
    assert not limiter.allow("203.0.113.9")
    clock.now += 1000
    assert sum(limiter.allow("203.0.113.9") for _ in range(10)) == 5  # never more than 5


def test_the_limiter_keeps_its_table_small() -> None:
    clock = Clock()
    limiter = TryLimiter(clock, most_addresses=100)
    for n in range(1000):
        assert limiter.allow(f"10.0.{n // 256}.{n % 256}")
    assert len(limiter._buckets) <= 100


def test_random_bytes_only_ever_raise_a_secure_error() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    host, guest = exchange("K7P2Q", "K7P2Q")
    host.open(guest.seal(b"first"))

    @settings(max_examples=60, deadline=None)
    @given(st.binary(max_size=200))
    def opens_or_refuses(frame: bytes) -> None:
        assert refusal(host, frame) in ("forged", "too_short")
        handshake = Handshake("K7P2Q", HOST)
        handshake.start()
        if len(frame) == 33 and frame[:1] == b"A":  # shaped as a guest's: may be a point
            try:
                stranger = handshake.finish(frame)
            except SecureError:
                return
            assert refusal(stranger, guest.seal(b"hello")) == "wrong_code"
            return
        with pytest.raises(SecureError):
            handshake.finish(frame)

    opens_or_refuses()
    assert host.open(guest.seal(b"still here")) == b"still here"


def test_a_try_that_knew_the_code_gives_its_token_back() -> None:
    now = [0.0]
    limiter = TryLimiter(lambda: now[0], tries=2, every=60.0)
    for _ in range(20):  # twenty reconnects that knew the code, in one instant
        assert limiter.allow("10.0.0.7")
        limiter.refund("10.0.0.7")
    assert limiter.allow("10.0.0.7") and limiter.allow("10.0.0.7")
    assert not limiter.allow("10.0.0.7"), "wrong guesses still use the bucket up"
