"""The textures: made by scripts/make_art.py, shipped as made, tileable, loaded safely."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import pygame
import pytest

from buttons_game.ui import textures

ROOT = Path(__file__).resolve().parents[2]
ART = ROOT / "assets" / "art"
NAMES = ("table", "felt", "card")


def _script():
    spec = importlib.util.spec_from_file_location("make_art", ROOT / "scripts" / "make_art.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def make_art():
    pygame.display.init()
    module = _script()
    made: dict[str, pygame.Surface] = {}
    make = module.make

    def make_once(name: str) -> pygame.Surface:
        """The script's texture, painted once for this module's checks (painting is
        deterministic: the same seed, the same pixels), a fresh copy each call."""
        if name not in made:
            made[name] = make(name)
        return made[name].copy()

    module.make = make_once
    return module


@pytest.fixture(autouse=True)
def fresh_textures():
    textures.forget()
    yield
    textures.forget()


def test_the_shipped_textures_are_what_the_script_makes(make_art):
    assert make_art.main(["--check"]) == 0


def test_the_check_fails_when_one_pixel_changes(make_art, tmp_path):
    for name in NAMES:
        shutil.copy(ART / f"{name}.png", tmp_path / f"{name}.png")
    image = pygame.image.load(str(tmp_path / "felt.png"))
    r, g, b, _ = image.get_at((100, 37))
    image.set_at((100, 37), ((r + 9) % 256, g, b))
    pygame.image.save(image, str(tmp_path / "felt.png"))
    small = ("felt", "card")  # the quick ones: the table is checked above
    assert make_art.check(ART, small) == []
    problems = make_art.check(tmp_path, small)
    assert len(problems) == 1 and problems[0].startswith("felt:")
    (tmp_path / "card.png").unlink()
    assert any(p.startswith("card:") for p in make_art.check(tmp_path, small))


def _lines(image: pygame.Surface) -> list[bytes]:
    """The image's rows of pixels, each as RGB bytes."""
    data = pygame.image.tobytes(image, "RGB")
    step = image.get_width() * 3
    return [data[i : i + step] for i in range(0, len(data), step)]


def _jump(a: bytes, b: bytes) -> float:
    """The mean colour difference between two lines of pixels (summed over R, G, B)."""
    return sum(abs(p - q) for p, q in zip(a, b, strict=True)) * 3 / len(a)


def _seam_and_inner(image: pygame.Surface) -> tuple[float, float]:
    """How much the last row differs from the first, and one row from the next inside:
    each row averaged over runs of 16 pixels along it first, so that the grain's
    pixel-to-pixel speckle does not hide a seam."""
    w, h = image.get_size()
    rows = _lines(pygame.transform.smoothscale(image.convert(24), (max(1, w // 16), h)))
    inner = sum(_jump(rows[y], rows[y + 1]) for y in range(len(rows) - 1)) / (len(rows) - 1)
    return _jump(rows[-1], rows[0]), inner


def _turned(image: pygame.Surface) -> pygame.Surface:
    return pygame.transform.rotate(image, 90)  # its columns become rows


@pytest.mark.parametrize("name", NAMES)
def test_each_texture_tiles_and_is_small(name):
    image = pygame.image.load(str(ART / f"{name}.png"))
    assert max(image.get_size()) <= 512
    # the last row runs on into the first (and the last column into the first) no more
    # abruptly than one row into the next inside the texture; and there is grain to continue
    inners = []
    for lines in (image, _turned(image)):
        seam, inner = _seam_and_inner(lines)
        assert seam <= 1.5 * inner + 1, (seam, inner)
        inners.append(inner)
    assert max(inners) > 0.3


@pytest.mark.parametrize("name", NAMES)
def test_a_texture_cut_short_does_not_tile(name):
    """The seam measure above catches a texture that does not continue across its edge:
    the same texture cut short meets itself with a jump."""
    image = pygame.image.load(str(ART / f"{name}.png"))
    w, h = image.get_size()
    cuts = [_turned(image.subsurface((0, 0, w // 2 + 37, h)))]  # its columns
    if name != "table":  # the wood's rows cross grain lines: every row jumps much anyway
        cuts.append(image.subsurface((0, 0, w, h // 2 + 37)))
    for lines in cuts:
        seam, inner = _seam_and_inner(lines)
        assert seam > 1.5 * inner + 1, (seam, inner)


def test_tile_covers_the_size_with_the_texture_and_keeps_it():
    image = pygame.image.load(str(ART / "table.png"))
    surface = textures.tile("table", (700, 300))
    assert surface.get_size() == (700, 300)
    assert surface.get_at((5, 7)) == image.get_at((5, 7))
    assert surface.get_at((512 + 5, 7)) == image.get_at((5, 7))  # repeated along x
    assert textures.tile("table", (700, 300)) is surface  # tiled once


def test_a_missing_or_broken_texture_is_a_flat_colour(tmp_path, monkeypatch):
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "felt.png").write_bytes(b"not a png at all")
    monkeypatch.setattr(textures, "asset", lambda *parts: tmp_path.joinpath(*parts))
    for name in ("felt", "table"):  # unreadable, missing
        surface = textures.tile(name, (40, 30))
        assert surface.get_at((20, 15)) == textures.fallback(name)
        assert textures.image(name) is None
        assert textures.mean(name) == textures.fallback(name)
