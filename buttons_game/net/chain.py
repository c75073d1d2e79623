"""A computer's hash chain: it commits to the chain's head before the game and reveals the
links backwards, one per draw, so its values are fixed in advance yet unknown to the
others until revealed (each reveal hashes once to the one before it, or to the head)."""

from __future__ import annotations

import hashlib
import secrets

DOMAIN = b"buttons-game/dice-chain/v1"
SIZE = 32  # bytes of a secret, a link and a commitment
CHAIN_LENGTH = 512  # reveals per epoch (a new epoch, with new commitments, after that)


def link(value: bytes) -> bytes:
    """The link after ``value``: SHA-256 over the domain and ``value``."""
    return hashlib.sha256(DOMAIN + value).digest()


def links_back(value: bytes, steps: int) -> bytes:
    """``value`` hashed ``steps`` times: the link ``steps`` places nearer the head."""
    for _ in range(steps):
        value = link(value)
    return value


class HashChain:
    """One computer's chain for one epoch: ``x_0`` the secret, ``x_(i+1) = link(x_i)``,
    the commitment ``x_N`` and the ``k``-th reveal ``x_(N-k)`` (k = 1 … N)."""

    def __init__(self, secret: bytes | None = None, length: int = CHAIN_LENGTH) -> None:
        if secret is None:
            secret = secrets.token_bytes(SIZE)
        if type(secret) is not bytes or len(secret) != SIZE:
            raise ValueError(f"a chain's secret is {SIZE} bytes")
        if type(length) is not int or length < 1:
            raise ValueError(f"a chain has at least one reveal, not {length!r}")
        chain = [secret]
        for _ in range(length):
            chain.append(link(chain[-1]))
        self._links = tuple(chain)
        self.length = length

    @property
    def secret(self) -> bytes:
        """The chain's secret (kept privately to draw on after a restart)."""
        return self._links[0]

    @property
    def commitment(self) -> bytes:
        """The head, told to the others before any reveal."""
        return self._links[-1]

    def reveal(self, k: int) -> bytes:
        """The ``k``-th reveal (1 … ``length``)."""
        if not 1 <= k <= self.length:
            raise IndexError(f"reveal {k} of a chain of {self.length}")
        return self._links[self.length - k]
