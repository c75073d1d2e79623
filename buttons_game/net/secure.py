"""The secure channel of a networked game: a PAKE handshake on the join code, then every
message encrypted, authenticated and numbered.

Both sides know a short join code. A SPAKE2 exchange (``spake2``) turns it into a strong
shared key without ever sending the code, so an eavesdropper learns nothing and someone
guessing the code gets one guess per exchange; ``TryLimiter`` makes those few. Each
direction gets its own key (HKDF-SHA256); each message is sealed with NaCl's SecretBox
(XSalsa20-Poly1305) under a nonce made of its counter, so a replayed, reordered, forged
or tampered message is refused with a code. Pure: the network layer sends the bytes.
"""

from __future__ import annotations

import hashlib
import hmac
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import nacl.exceptions
import nacl.secret
from spake2 import SPAKE2_A, SPAKE2_B

APP_ID = b"buttons-game/join/1"
"""Binds an exchange to this app and this version of it: another app's SPAKE2 on the same
code agrees on no key with it."""

HOST = "host"
GUEST = "guest"
MAX_SEALED_BYTES = 1024 * 1024 + 64  # the protocol's largest frame, sealed
COUNTER_BYTES = 8

SECURE_ERROR_CODES = (
    "bad_handshake",  # the other side's handshake bytes are not a SPAKE2 message
    "wrong_code",  # the first message does not open: the two join codes differ
    "forged",  # a message does not open: changed on the way or not from the other side
    "replayed",  # a message seen before
    "reordered",  # a message from later than the next one (one went missing or came early)
    "too_large",
    "too_short",
    "exhausted",  # the counter ran out: the channel must be built again
)
"""Every ``SecureError.code``; the UI says each as ``net.secure.<code>``."""


class SecureError(ValueError):
    """A handshake or a message that this side refuses: ``code`` for the UI, English in
    ``str`` for logs."""

    def __init__(self, message: str, *, code: str):
        super().__init__(message)
        self.code = code


def normalised_code(code: str) -> bytes:
    """The join code as the password: case, spaces and dashes do not matter."""
    text = unicodedata.normalize("NFKC", code).casefold()
    return "".join(c for c in text if not c.isspace() and c != "-").encode("utf-8")


def hkdf_sha256(key: bytes, *, salt: bytes, info: bytes, length: int = 32) -> bytes:
    """HKDF (RFC 5869) with SHA-256."""
    pseudo_random = hmac.new(salt, key, hashlib.sha256).digest()
    out, block, counter = b"", b"", 1
    while len(out) < length:
        block = hmac.new(pseudo_random, block + info + bytes([counter]), hashlib.sha256).digest()
        out += block
        counter += 1
    return out[:length]


class Handshake:
    """One side of the join code's exchange: ``start()`` gives the bytes to send, and
    ``finish(peer's bytes)`` the channel. The guest is SPAKE2's side A, the host side B."""

    def __init__(self, code: str, side: str) -> None:
        if side not in (HOST, GUEST):
            raise ValueError(f"a handshake's side is {HOST!r} or {GUEST!r}, not {side!r}")
        password = normalised_code(code)
        if not password:
            raise ValueError("a join code must hold a letter or a digit")
        self.side = side
        ids: dict[str, Any] = {"idA": APP_ID + b"/guest", "idB": APP_ID + b"/host"}
        self._spake: Any = SPAKE2_A(password, **ids) if side == GUEST else SPAKE2_B(password, **ids)
        self._started = False
        self._finished = False
        self._outbound = b""

    def start(self) -> bytes:
        """The bytes to send to the other side (once)."""
        if self._started:
            raise RuntimeError("a handshake starts once")
        self._started = True
        self._outbound = bytes(self._spake.start())
        return self._outbound

    def finish(self, peer: bytes) -> Channel:
        """The channel, from the other side's ``start()`` bytes; SecureError when they are
        not a SPAKE2 message of the other side. A wrong code is found by the first message."""
        if not self._started or self._finished:
            raise RuntimeError("finish a handshake once, after start()")
        self._finished = True
        # spake2 itself reads a short message as a small number: only a whole one is taken.
        if not isinstance(peer, (bytes, bytearray)) or len(peer) != len(self._outbound):
            raise SecureError(
                "the other side's handshake is not a SPAKE2 message", code="bad_handshake"
            )
        try:
            shared = bytes(self._spake.finish(bytes(peer)))
        except Exception as error:  # spake2 raises its own errors, ValueError, AssertionError …
            raise SecureError(
                f"the other side's handshake is not a SPAKE2 message ({type(error).__name__})",
                code="bad_handshake",
            ) from None
        to_host = hkdf_sha256(shared, salt=APP_ID, info=b"guest to host")
        to_guest = hkdf_sha256(shared, salt=APP_ID, info=b"host to guest")
        if self.side == HOST:
            return Channel(send_key=to_guest, receive_key=to_host)
        return Channel(send_key=to_host, receive_key=to_guest)


def _nonce(counter: int) -> bytes:
    return bytes(nacl.secret.SecretBox.NONCE_SIZE - COUNTER_BYTES) + counter.to_bytes(
        COUNTER_BYTES, "big"
    )


class Channel:
    """Seals what this side sends and opens what it receives, each direction with its own key
    and counter: a message opens only once, in its order, from the other side."""

    def __init__(self, *, send_key: bytes, receive_key: bytes) -> None:
        self._send = nacl.secret.SecretBox(send_key)
        self._receive = nacl.secret.SecretBox(receive_key)
        self.sent = 0  # how many messages were sealed
        self.received = 0  # how many messages were opened

    def seal(self, plaintext: bytes) -> bytes:
        """The frame to send: the counter, then the ciphertext with its tag."""
        if self.sent >= 2 ** (8 * COUNTER_BYTES) - 1:
            raise SecureError("the channel's counter ran out", code="exhausted")
        counter = self.sent
        box = self._send.encrypt(bytes(plaintext), _nonce(counter))
        self.sent += 1
        return counter.to_bytes(COUNTER_BYTES, "big") + bytes(box.ciphertext)

    def open(self, frame: bytes) -> bytes:
        """The plaintext of the other side's next frame; SecureError when it is forged,
        tampered with, replayed or out of order (the channel is left as it was)."""
        if len(frame) > MAX_SEALED_BYTES:
            raise SecureError("the sealed message is too large", code="too_large")
        overhead = COUNTER_BYTES + nacl.secret.SecretBox.MACBYTES
        if len(frame) < overhead:
            raise SecureError("the sealed message is too short", code="too_short")
        counter = int.from_bytes(frame[:COUNTER_BYTES], "big")
        try:
            plaintext = self._receive.decrypt(bytes(frame[COUNTER_BYTES:]), _nonce(counter))
        except nacl.exceptions.CryptoError:
            if self.received == 0:
                raise SecureError(
                    "the first message does not open: the join codes differ", code="wrong_code"
                ) from None
            raise SecureError("a message was forged or changed on the way", code="forged") from None
        if counter < self.received:
            raise SecureError(f"message {counter} was received before", code="replayed")
        if counter > self.received:
            raise SecureError(
                f"message {counter} came while message {self.received} was due", code="reordered"
            )
        self.received += 1
        return bytes(plaintext)


@dataclass
class _Bucket:
    tokens: float
    when: float


class TryLimiter:
    """How many join-code guesses each source address gets: a token bucket per address
    (``tries`` at most, one more every ``every`` seconds), asked BEFORE an exchange runs.
    ``clock`` gives seconds (``time.monotonic``; a test's own)."""

    def __init__(
        self,
        clock: Callable[[], float] = time.monotonic,
        *,
        tries: int = 5,
        every: float = 10.0,
        most_addresses: int = 4096,
    ) -> None:
        self._clock = clock
        self.tries = tries
        self.every = every
        self._most = most_addresses
        self._buckets: dict[str, _Bucket] = {}

    def allow(self, address: str) -> bool:
        """Whether ``address`` may try a join code now (and count the try when it may)."""
        now = self._clock()
        bucket = self._buckets.get(address)
        if bucket is None:
            self._forget_full(now)
            bucket = self._buckets[address] = _Bucket(float(self.tries), now)
        elapsed = max(0.0, now - bucket.when)
        bucket.tokens = min(float(self.tries), bucket.tokens + elapsed / self.every)
        bucket.when = now
        if bucket.tokens < 1.0:
            return False
        bucket.tokens -= 1.0
        return True

    def refund(self, address: str) -> None:
        """A try that knew the code gives its token back: only wrong guesses use the bucket
        up, so a guest that reconnects often (a flaky network) is never locked out."""
        bucket = self._buckets.get(address)
        if bucket is not None:
            bucket.tokens = min(float(self.tries), bucket.tokens + 1.0)

    def wait(self, address: str) -> float:
        """Seconds until ``address`` may try again (0 when it may now)."""
        bucket = self._buckets.get(address)
        if bucket is None:
            return 0.0
        now = self._clock()
        tokens = min(float(self.tries), bucket.tokens + max(0.0, now - bucket.when) / self.every)
        return max(0.0, (1.0 - tokens) * self.every)

    def _forget_full(self, now: float) -> None:
        """Keep the table small: an address whose bucket has refilled is as good as new."""
        if len(self._buckets) < self._most:
            return
        for address, bucket in list(self._buckets.items()):
            if bucket.tokens + (now - bucket.when) / self.every >= self.tries:
                del self._buckets[address]
        if len(self._buckets) >= self._most:  # a flood of addresses: the oldest goes
            del self._buckets[next(iter(self._buckets))]
