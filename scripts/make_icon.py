"""Draw the app icon (a red plastic button and a gold star on the walnut table) into
assets/icon.png/.ico/.icns, or check the shipped ones.

    python scripts/make_icon.py
    python scripts/make_icon.py --check   # the shipped icon.png is exactly what this draws

The ICO and ICNS files embed PNG images, which every current Windows and macOS reads.
"""

from __future__ import annotations

import argparse
import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from buttons_game.ui import art, pieces, textures  # noqa: E402

ASSETS = Path(__file__).resolve().parent.parent / "assets"


BIG = 512  # every size is drawn this large, then made smaller


def draw(size: int) -> pygame.Surface:
    """The icon, ``size`` across: a rounded square of the walnut table, a red see-through
    plastic button lying on a printed red space, a gold star at its top right."""
    s = pygame.Surface((BIG, BIG), pygame.SRCALPHA)
    pygame.draw.rect(s, (255, 255, 255, 255), s.get_rect(), border_radius=BIG // 5)
    s.blit(textures.tile("table", (BIG, BIG)), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    centre = (BIG // 2, int(BIG * 0.54))
    printed = art._printed_button("red", int(BIG * 0.8), False)  # the space it lies on
    s.blit(printed, printed.get_rect(center=centre))
    button = pieces.button(int(BIG * 0.84), "red")
    s.blit(button, button.get_rect(center=centre))
    star = art.star(int(BIG * 0.46))
    s.blit(star, star.get_rect(center=(int(BIG * 0.73), int(BIG * 0.27))))
    return s if size == BIG else pygame.transform.smoothscale(s, (size, size))


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico(images: dict[int, bytes]) -> bytes:
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    entries, blobs = b"", b""
    for size, data in images.items():
        dim = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset + len(blobs))
        blobs += data
    return header + entries + blobs


def icns(images: dict[int, bytes]) -> bytes:
    kinds = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09"}
    body = b"".join(
        kinds[size] + struct.pack(">I", len(data) + 8) + data for size, data in images.items()
    )
    return b"icns" + struct.pack(">I", len(body) + 8) + body


def check() -> list[str]:
    """What is wrong with the shipped assets/icon.png (nothing: an empty list)."""
    path = ASSETS / "icon.png"
    try:
        shipped = pygame.image.load(str(path))
    except (OSError, pygame.error) as error:
        return [f"{path} does not load ({error})"]
    made = draw(256)
    if shipped.get_size() != made.get_size():
        return [f"{path} is {shipped.get_size()}, the script draws {made.get_size()}"]
    if pygame.image.tobytes(shipped, "RGBA") != pygame.image.tobytes(made, "RGBA"):
        return [f"{path}: the pixels differ from what the script draws"]
    return []


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--check", action="store_true", help="check the shipped icon")
    args = parser.parse_args(argv)
    pygame.display.init()
    pygame.font.init()
    if args.check:
        problems = check()
        for problem in problems:
            print(problem, file=sys.stderr)
        if not problems:
            print("icon checked: assets/icon.png is as the script draws it")
        return 1 if problems else 0
    pngs = {size: png_bytes(draw(size)) for size in (16, 32, 64, 128, 256, 512)}
    (ASSETS / "icon.png").write_bytes(pngs[256])
    (ASSETS / "icon.ico").write_bytes(ico({s: pngs[s] for s in (16, 32, 64, 128, 256)}))
    (ASSETS / "icon.icns").write_bytes(icns(pngs))
    print("wrote", ", ".join(str(ASSETS / n) for n in ("icon.png", "icon.ico", "icon.icns")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
