"""The replay viewer draws every position of two saved games pixel for pixel as it did when
the reference was made (``tests/ui/replay_frames/make_reference.py`` wrote the saves, the
hash of each frame and a few PNGs to look at)."""

from __future__ import annotations

import json

import pygame
import pytest

from .replay_frames.make_reference import FRAMES, HERE, frame_hash, load, replay_frames, small

REFERENCE = json.loads(FRAMES.read_text(encoding="utf-8"))


@pytest.mark.parametrize("kind", ["buttons", "kopf"])
def test_every_replay_position_is_drawn_as_the_reference(kind, tmp_path):
    """Step with the Right key from the set-up to the end of the saved game; each frame's
    RGB pixels hash to the reference's. A differing frame is written out (whole and at
    the reference PNGs' half size) and named with the reference PNG to compare it with."""
    expected = REFERENCE["games"][kind]
    game = load(kind)
    differing = []
    for n, surface in replay_frames(game):
        assert n < len(expected["frames"]), f"position {n} is past the reference's end"
        if frame_hash(surface) != expected["frames"][n]:
            shot = tmp_path / f"{kind}-{n:04d}-actual.png"
            pygame.image.save(surface, str(shot))
            pygame.image.save(small(surface), str(tmp_path / f"{kind}-{n:04d}-actual-half.png"))
            png = expected["pngs"].get(str(n))
            looks = f"reference PNG {HERE / png}" if png else "no reference PNG of it"
            differing.append(f"position {n}: drawn differently (frame {shot}; {looks})")
        last = n
    assert last == len(expected["frames"]) - 1, "the replay has another number of positions"
    assert not differing, f"{len(differing)} positions of {kind}:\n" + "\n".join(differing)
