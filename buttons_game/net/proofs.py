"""The proof record a save keeps of a networked game's dice: every epoch (its computers,
their commitments, where and why it began) and every complete draw's reveals. Decoding
trusts nothing (as the save file's decoder): every field is checked, sizes are bounded and
a problem is a ValueError naming it. ``verify`` then checks the hashes themselves."""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from typing import Any

from .chain import SIZE
from .epoch import MAX_DRAWS, START, Epoch, id_problem

FORMAT_NAME = "buttons-game-dice"
VERSION = 1
MAX_EPOCHS = 1000
HEX = re.compile(r"[0-9a-f]{64}")
_FIELDS = ("format", "version", "game_id", "epochs", "draws")
_EPOCH_FIELDS = ("computers", "commitments", "start", "reason", "length")


@dataclass(frozen=True)
class Proofs:
    """A networked game's dice, as a save keeps them: ``draws[d]`` holds draw ``d``'s
    reveals in the order of the epoch it belongs to (the last one starting at or before it)."""

    game_id: str
    epochs: tuple[Epoch, ...]
    draws: tuple[tuple[bytes, ...], ...]

    def epoch_of(self, draw: int) -> int:
        """The index of the epoch ``draw`` belongs to."""
        starts = [epoch.start for epoch in self.epochs]
        return max(bisect.bisect_right(starts, draw) - 1, 0)


def encode_proofs(proofs: Proofs) -> dict[str, Any]:
    """The proof record as JSON-able data (bytes as lowercase hex)."""
    return {
        "format": FORMAT_NAME,
        "version": VERSION,
        "game_id": proofs.game_id,
        "epochs": [
            {
                "computers": list(epoch.computers),
                "commitments": [c.hex() for c in epoch.commitments],
                "start": epoch.start,
                "reason": epoch.reason,
                "length": epoch.length,
            }
            for epoch in proofs.epochs
        ],
        "draws": [[r.hex() for r in reveals] for reveals in proofs.draws],
    }


def _object(data: object, fields: tuple[str, ...], what: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ValueError(f"{what} must be an object, not {type(data).__name__}")
    missing = [f for f in fields if f not in data]
    if missing:
        raise ValueError(f"{what} lacks {', '.join(missing)}")
    extra = sorted(str(k)[:40] for k in data if k not in fields)
    if extra:
        raise ValueError(f"{what} has unknown fields: {', '.join(extra[:5])}")
    return data


def _list(data: object, what: str, most: int) -> list[Any]:
    if not isinstance(data, list):
        raise ValueError(f"{what} must be a list, not {type(data).__name__}")
    if len(data) > most:
        raise ValueError(f"{what} holds {len(data)} entries, more than {most}")
    return data


def _bytes(data: object, what: str) -> bytes:
    if type(data) is not str or HEX.fullmatch(data) is None:
        raise ValueError(f"{what} must be {SIZE} bytes in lowercase hex, not {data!r:.80}")
    return bytes.fromhex(data)


def _epoch(data: object, index: int) -> Epoch:
    what = f"epoch {index}"
    fields = _object(data, _EPOCH_FIELDS, what)
    computers = _list(fields["computers"], f"{what}'s computers", 64)
    for computer in computers:
        problem = id_problem(computer, f"{what}: a computer's id")
        if problem:
            raise ValueError(problem)
    commitments = _list(fields["commitments"], f"{what}'s commitments", 64)
    heads = tuple(_bytes(c, f"{what}: a commitment") for c in commitments)
    for name in ("start", "length"):
        if type(fields[name]) is not int:
            raise ValueError(f"{what}'s {name} must be a whole number, not {fields[name]!r:.40}")
    if type(fields["reason"]) is not str:
        raise ValueError(f"{what}'s reason must be text, not {fields['reason']!r:.40}")
    epoch = Epoch(tuple(computers), heads, fields["start"], fields["reason"], fields["length"])
    return epoch  # Epoch checks counts, ranges and the reason itself (ValueError)


def decode_proofs(data: object) -> Proofs:
    """The proof record in ``data`` (as ``encode_proofs`` makes it); ValueError naming the
    first thing wrong."""
    fields = _object(data, _FIELDS, "the dice's proof record")
    if fields["format"] != FORMAT_NAME:
        raise ValueError(f"not a proof record of the dice: format {fields['format']!r:.60}")
    if type(fields["version"]) is not int or fields["version"] != VERSION:
        raise ValueError(f"a proof record of version {fields['version']!r:.20} is not known")
    problem = id_problem(fields["game_id"], "the game id")
    if problem:
        raise ValueError(problem)
    raw_epochs = _list(fields["epochs"], "the epochs", MAX_EPOCHS)
    if not raw_epochs:
        raise ValueError("a proof record has at least one epoch")
    epochs = tuple(_epoch(e, i) for i, e in enumerate(raw_epochs))
    if epochs[0].reason != START or epochs[0].start != 0:
        raise ValueError("the first epoch begins at the start, at draw 0")
    for index in range(1, len(epochs)):
        if epochs[index].reason == START:
            raise ValueError(f"epoch {index} cannot begin at the start")
        if epochs[index].start < epochs[index - 1].start:
            raise ValueError(f"epoch {index} begins before epoch {index - 1}")
    raw_draws = _list(fields["draws"], "the draws", MAX_DRAWS)
    if epochs[-1].start > len(raw_draws):
        raise ValueError(f"epoch {len(epochs) - 1} begins after the last draw")
    proofs = Proofs(fields["game_id"], epochs, ())
    draws = []
    for draw, raw in enumerate(raw_draws):
        epoch = epochs[proofs.epoch_of(draw)]
        reveals = _list(raw, f"draw {draw}", len(epoch.computers))
        if len(reveals) != len(epoch.computers):
            raise ValueError(f"draw {draw} has {len(reveals)} reveals for its epoch's computers")
        if not epoch.covers(draw):
            raise ValueError(f"draw {draw} lies beyond its epoch's chains")
        draws.append(tuple(_bytes(r, f"draw {draw}: a reveal") for r in reveals))
    return Proofs(fields["game_id"], epochs, tuple(draws))
