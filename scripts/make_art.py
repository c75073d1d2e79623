"""Make the game's textures into assets/art/*.png, or check the shipped ones.

Every texture is drawn here, pixel by pixel, from periodic value noise with a seeded
generator (``random.Random``), so the art is the project's own and each file comes out
the same every time. Each texture tiles: its noise repeats with the tile's size, so the
right column continues into the left one and the bottom row into the top one.

    table  512x512  a dark walnut table top: four planks of grain with thin joints
    felt   256x256  a dark navy felt for panels and trays
    card   256x256  the light cream cardboard of printed boards

    python scripts/make_art.py           # write assets/art/<name>.png
    python scripts/make_art.py --check   # the shipped files are exactly what this makes
                                         # (their decoded pixels), no larger than 512 px

Only pygame and the standard library: no numpy.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

OUT = ROOT / "assets" / "art"
SEED = 20150902
MAX_SIZE = 512

Field = list[float]  # one value per pixel, row by row
Pixels = bytearray  # RGB, row by row


# ---------------------------------------------------------------- noise
def _smooth(t: float) -> float:
    return t * t * (3.0 - 2.0 * t)


def noise(rng: random.Random, w: int, h: int, cells_x: int, cells_y: int) -> Field:
    """Periodic value noise in [-1, 1]: a ``cells_x`` by ``cells_y`` lattice of random
    values that wraps around, smoothly interpolated; it repeats every ``w`` by ``h``."""
    lattice = [[rng.uniform(-1.0, 1.0) for _ in range(cells_x)] for _ in range(cells_y)]
    cols = []
    for x in range(w):
        f = x * cells_x / w
        i = int(f)
        cols.append((i % cells_x, (i + 1) % cells_x, _smooth(f - i)))
    out: Field = []
    for y in range(h):
        f = y * cells_y / h
        j = int(f)
        ty = _smooth(f - j)
        top, bottom = lattice[j % cells_y], lattice[(j + 1) % cells_y]
        row = [a + (b - a) * ty for a, b in zip(top, bottom, strict=True)]
        out.extend(row[i0] + (row[i1] - row[i0]) * tx for i0, i1, tx in cols)
    return out


def octaves(
    rng: random.Random, w: int, h: int, cells: tuple[int, int], layers: int, falloff: float = 0.5
) -> Field:
    """Noise of ``layers`` octaves, each with twice the cells and ``falloff`` the weight."""
    total = [0.0] * (w * h)
    weight, norm = 1.0, 0.0
    cx, cy = cells
    for _ in range(layers):
        layer = noise(rng, w, h, cx, cy)
        total = [t + weight * v for t, v in zip(total, layer, strict=True)]
        norm += weight
        weight *= falloff
        cx, cy = cx * 2, cy * 2
    return [t / norm for t in total]


def _channel(value: float) -> int:
    return max(0, min(255, round(value)))


def paint(w: int, h: int, shade: Callable[[int, int, int], tuple[float, float, float]]) -> Pixels:
    """The RGB bytes of a ``w`` by ``h`` picture whose pixel (x, y) is ``shade(x, y, i)``."""
    out = bytearray(w * h * 3)
    for y in range(h):
        for x in range(w):
            i = y * w + x
            r, g, b = shade(x, y, i)
            out[3 * i] = _channel(r)
            out[3 * i + 1] = _channel(g)
            out[3 * i + 2] = _channel(b)
    return out


# ---------------------------------------------------------------- textures
def table() -> tuple[int, Pixels]:
    """Dark walnut: four planks across, long wavy grain along them, a thin dark joint
    between planks, each plank its own tone. Dark enough that light text stays readable."""
    rng = random.Random(f"{SEED}:table")
    n = 512
    planks = 4
    height = n // planks
    warp = octaves(rng, n, n, (3, 8), 3)  # bends the grain lines
    fibre = octaves(rng, n, n, (16, 128), 2)  # fine streaks along the grain
    mottle = octaves(rng, n, n, (4, 4), 2)  # broad light and dark patches
    tones = [rng.uniform(-5.0, 5.0) for _ in range(planks)]
    phases = [rng.uniform(0.0, 1.0) for _ in range(planks)]
    rings = [rng.choice((9, 11, 13)) for _ in range(planks)]
    base = (58.0, 37.0, 25.0)

    def shade(x: int, y: int, i: int) -> tuple[float, float, float]:
        along = (y + height // 2) % n  # the joints lie inside the tile, not on its edge
        p = along // height
        local = (along % height) / height
        # grain lines: bands across the plank, bent by the warp (periodic in x)
        wave = math.sin(2 * math.pi * (rings[p] * local + 1.6 * warp[i] + phases[p]))
        line = wave**7 if wave > 0 else 0.0  # thin dark lines, wide light wood between
        light = tones[p] + 9.0 * mottle[i] + 7.0 * fibre[i] - 16.0 * line
        if along % height in (0, height - 1):  # the joint between two planks
            light -= 22.0 if along % height == 0 else 11.0
        return (base[0] + light, base[1] + 0.66 * light, base[2] + 0.42 * light)

    return n, paint(n, n, shade)


def felt() -> tuple[int, Pixels]:
    """Dark navy felt: fine fuzz over soft mottling, very even from afar."""
    rng = random.Random(f"{SEED}:felt")
    n = 256
    mottle = octaves(rng, n, n, (4, 4), 3)
    fuzz = octaves(rng, n, n, (64, 64), 2)
    speck = [rng.uniform(-1.0, 1.0) for _ in range(n * n)]
    base = (34.0, 42.0, 64.0)

    def shade(x: int, y: int, i: int) -> tuple[float, float, float]:
        light = 3.5 * mottle[i] + 3.0 * fuzz[i] + 2.0 * speck[i]
        return (base[0] + 0.8 * light, base[1] + 0.9 * light, base[2] + 1.2 * light)

    return n, paint(n, n, shade)


def card() -> tuple[int, Pixels]:
    """Cream printed card: a faint paper grain with short fibres, nearly flat."""
    rng = random.Random(f"{SEED}:card")
    n = 256
    cloud = octaves(rng, n, n, (4, 4), 3)
    fibres = octaves(rng, n, n, (8, 32), 2)  # short fibres lying along x
    speck = [rng.uniform(-1.0, 1.0) for _ in range(n * n)]
    base = (244.0, 238.0, 224.0)

    def shade(x: int, y: int, i: int) -> tuple[float, float, float]:
        light = 3.0 * cloud[i] + 2.5 * fibres[i] + 1.5 * speck[i]
        return (base[0] + light, base[1] + light, base[2] + 1.2 * light)

    return n, paint(n, n, shade)


TEXTURES: dict[str, Callable[[], tuple[int, Pixels]]] = {
    "table": table,
    "felt": felt,
    "card": card,
}


# ---------------------------------------------------------------- files
def make(name: str) -> pygame.Surface:
    size, pixels = TEXTURES[name]()
    return pygame.image.frombytes(bytes(pixels), (size, size), "RGB")


def write(out: Path = OUT) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for name in TEXTURES:
        path = out / f"{name}.png"
        pygame.image.save(make(name), str(path))
        print(f"wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")


def check(folder: Path = OUT, names: tuple[str, ...] = tuple(TEXTURES)) -> list[str]:
    """What is wrong with the textures ``names`` in ``folder`` (nothing: an empty list)."""
    problems = []
    for name in names:
        path = folder / f"{name}.png"
        if not path.is_file():
            problems.append(f"{name}: {path} is missing")
            continue
        try:
            shipped = pygame.image.load(str(path))
        except pygame.error as error:
            problems.append(f"{name}: {path} does not decode ({error})")
            continue
        if max(shipped.get_size()) > MAX_SIZE:
            problems.append(f"{name}: {shipped.get_size()} is larger than {MAX_SIZE} px")
        made = make(name)
        if shipped.get_size() != made.get_size():
            problems.append(f"{name}: {shipped.get_size()} but the script makes {made.get_size()}")
        elif pygame.image.tobytes(shipped, "RGB") != pygame.image.tobytes(made, "RGB"):
            problems.append(f"{name}: the pixels differ from what the script makes")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="check the shipped files")
    parser.add_argument("--dir", type=Path, default=OUT, help="the folder (assets/art)")
    args = parser.parse_args(argv)
    pygame.display.init()  # image loading only: no sound, no window
    if not args.check:
        write(args.dir)
        return 0
    problems = check(args.dir)
    for problem in problems:
        print(problem, file=sys.stderr)
    if not problems:
        print(f"art checked: {', '.join(TEXTURES)} are as the script makes them")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
