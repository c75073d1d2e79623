"""An epoch of the joint dice (the computers taking part, their commitments, the draw it
starts at and why it began) and a draw's joint value: one hash over every computer's
reveal, so no computer alone can choose or foresee it."""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from buttons_game.core.notes import Note

from .chain import SIZE

# Why an epoch began: the game's start; a computer left and its seat went to a bot; the
# game moved to another host; the chains were used up.
START = "start"
SEAT_TO_BOT = "seat_to_bot"
HOST_MOVED = "host_moved"
EXHAUSTED = "exhausted"
REASONS: tuple[str, ...] = (START, SEAT_TO_BOT, HOST_MOVED, EXHAUSTED)

JOINT_DOMAIN = b"buttons-game/joint-draw/v1"
COMPUTER_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
GAME_ID = COMPUTER_ID
MAX_COMPUTERS = 8
MAX_CHAIN = 4096
MAX_DRAWS = 100_000  # far beyond any game's rolls (a save holds at most 50,000 actions)


def id_problem(value: object, what: str) -> str | None:
    """Why ``value`` cannot be a computer's or a game's id, or None."""
    if type(value) is not str or COMPUTER_ID.fullmatch(value) is None:
        return f"{what} must be 1 to 64 letters, digits, '_' or '-', not {value!r:.80}"
    return None


@dataclass(frozen=True)
class Epoch:
    """The computers drawing together (ids, in the order their reveals are hashed), each
    one's commitment (its chain's head), the first draw of the epoch, why it began and how
    many reveals each chain holds."""

    computers: tuple[str, ...]
    commitments: tuple[bytes, ...]
    start: int
    reason: str
    length: int

    def __post_init__(self) -> None:
        problem = self.problem()
        if problem:
            raise ValueError(problem)

    def problem(self) -> str | None:
        computers, commitments = self.computers, self.commitments
        if type(computers) is not tuple or not 1 <= len(computers) <= MAX_COMPUTERS:
            return f"an epoch has 1 to {MAX_COMPUTERS} computers"
        for computer in computers:
            problem = id_problem(computer, "a computer's id")
            if problem:
                return problem
        if len(set(computers)) != len(computers):
            return f"a computer takes part twice in an epoch: {computers!r:.120}"
        if type(commitments) is not tuple or len(commitments) != len(computers):
            return "an epoch has one commitment per computer"
        if any(type(c) is not bytes or len(c) != SIZE for c in commitments):
            return f"a commitment is {SIZE} bytes"
        if type(self.start) is not int or not 0 <= self.start <= MAX_DRAWS:
            return f"an epoch starts at a draw from 0 to {MAX_DRAWS}, not {self.start!r:.40}"
        if self.reason not in REASONS:
            return f"an epoch begins for one of {', '.join(REASONS)}, not {self.reason!r:.40}"
        if type(self.length) is not int or not 1 <= self.length <= MAX_CHAIN:
            return f"a chain holds 1 to {MAX_CHAIN} reveals, not {self.length!r:.40}"
        return None

    def reveal_number(self, draw: int) -> int:
        """Which reveal of each chain ``draw`` takes (1 for the epoch's first draw)."""
        return draw - self.start + 1

    def covers(self, draw: int) -> bool:
        """Whether the chains hold a reveal for ``draw`` (at or after the start)."""
        return 1 <= self.reveal_number(draw) <= self.length


def _framed(data: bytes) -> bytes:
    return len(data).to_bytes(2, "big") + data


def joint_value(
    game_id: str, epoch: int, draw: int, computers: tuple[str, ...], reveals: tuple[bytes, ...]
) -> bytes:
    """A draw's joint value: SHA-256 over the game id, the epoch's index, the draw and every
    computer's id and reveal, in the epoch's order."""
    digest = hashlib.sha256(JOINT_DOMAIN)
    digest.update(_framed(game_id.encode("ascii")))
    digest.update(epoch.to_bytes(4, "big") + draw.to_bytes(8, "big"))
    for computer, reveal in zip(computers, reveals, strict=True):
        digest.update(_framed(computer.encode("ascii")) + reveal)
    return digest.digest()


def deal_seed(value: bytes) -> int:
    """The deal's seed from the joint value of draw 0: a whole number from 0 to 2**48 - 1
    (a save's seed, and a number every side of the wire reads exactly), which the game's
    kind turns into a set-up."""
    return int.from_bytes(value[:6], "big")


def roll_rng(value: bytes) -> random.Random:
    """The randomness of one roll, from its joint value alone (the game's kind draws the
    chance outcome with it)."""
    return random.Random(int.from_bytes(value, "big"))


def epoch_note(epoch: Epoch) -> Note:
    """What the move log says as an epoch begins, so that everyone sees the dice drawn
    anew when a computer left (``net.epoch.<reason>``)."""
    computers = ", ".join(epoch.computers)
    return Note(
        f"net.epoch.{epoch.reason}", "accent", values=(("computers", computers),), in_log=False
    )


def told_with_epochs(kind: Any, state: Any, epochs: Sequence[Epoch]) -> list[Note]:
    """The whole move log of ``state``, told anew from its history, with a line where the
    dice were drawn anew (each epoch after the first: a computer left, the host moved),
    at the first roll it drew or, none drawn yet, at the end: every computer's log the same."""
    actions = state.history()
    notes = list(kind.narrate_history(state.setup, actions))
    is_chance = kind.is_chance_action
    rolls = [i for i, action in enumerate(actions) if is_chance(action)]
    for epoch in reversed(epochs[1:]):  # from the last, so places hold
        draw = epoch.start - 1  # the match's draw the epoch's first joint draw makes
        at = rolls[draw] if 0 <= draw < len(rolls) else len(actions)
        place = len(kind.narrate_history(state.setup, actions[:at]))
        notes.insert(place, epoch_note(epoch))
    return notes
