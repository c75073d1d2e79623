"""Screenshots as PNG files, written quickly: the pixels as they are, one zlib pass at a
light level (pygame's own writer compresses harder and takes four times as long, which
``--screenshots`` of a long replay, the screenshots script and the tests all wait for)."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pygame

SIGNATURE = b"\x89PNG\r\n\x1a\n"
LEVEL = 3  # zlib's level: nearly as small as pygame's files, far quicker


def _chunk(tag: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))


def png_bytes(surface: pygame.Surface) -> bytes:
    """``surface`` as a PNG file's bytes (8-bit RGB, no filter)."""
    width, height = surface.get_size()
    pixels = pygame.image.tobytes(surface, "RGB")
    stride = width * 3
    rows = b"".join(b"\x00" + pixels[y * stride : (y + 1) * stride] for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        SIGNATURE
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(rows, LEVEL))
        + _chunk(b"IEND", b"")
    )


def save_png(surface: pygame.Surface, path: str | Path) -> None:
    """Write ``surface`` to ``path`` as PNG."""
    Path(path).write_bytes(png_bytes(surface))


__all__ = ["png_bytes", "save_png"]
