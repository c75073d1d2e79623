"""Screenshots are written by the app's own PNG writer: the same pixels, read back by any
PNG reader (pygame's here)."""

from __future__ import annotations

import random

import pygame

from buttons_game.ui.png import png_bytes, save_png


def test_a_screenshot_reads_back_pixel_for_pixel(tmp_path, make_app):
    make_app()
    rng = random.Random(3)
    surface = pygame.Surface((37, 21))
    for x in range(37):
        for y in range(21):
            surface.set_at((x, y), (rng.randrange(256), rng.randrange(256), rng.randrange(256)))
    path = tmp_path / "shot.png"
    save_png(surface, path)
    back = pygame.image.load(str(path))
    assert back.get_size() == (37, 21)
    assert pygame.image.tobytes(back, "RGB") == pygame.image.tobytes(surface, "RGB")
    assert path.read_bytes() == png_bytes(surface)
    assert path.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
