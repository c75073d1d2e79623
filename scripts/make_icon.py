"""Draw the app icon (a red printed button under a star) into assets/icon.png/.ico/.icns.

    python scripts/make_icon.py

The ICO and ICNS files embed PNG images, which every current Windows and macOS reads.
"""

from __future__ import annotations

import io
import os
import struct
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from buttons_game.ui import art  # noqa: E402

ASSETS = Path(__file__).resolve().parent.parent / "assets"


def draw(size: int) -> pygame.Surface:
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(s, art.colour("background"), s.get_rect(), border_radius=size // 5)
    button = art.printed_button("red", int(size * 0.86))
    s.blit(button, button.get_rect(center=(size // 2, size // 2)))
    glass = art.glass_button(int(size * 0.86))
    s.blit(glass, glass.get_rect(center=(size // 2, size // 2)))
    star = art.star(int(size * 0.5))
    s.blit(star, star.get_rect(center=(int(size * 0.7), int(size * 0.3))))
    return s


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


def main() -> None:
    pygame.display.init()
    pygame.font.init()
    pngs = {size: png_bytes(draw(size)) for size in (16, 32, 64, 128, 256, 512)}
    (ASSETS / "icon.png").write_bytes(pngs[256])
    (ASSETS / "icon.ico").write_bytes(ico({s: pngs[s] for s in (16, 32, 64, 128, 256)}))
    (ASSETS / "icon.icns").write_bytes(icns(pngs))
    print("wrote", ", ".join(str(ASSETS / n) for n in ("icon.png", "icon.ico", "icon.icns")))


if __name__ == "__main__":
    main()
