"""Write deuteranopia and protanopia simulations of a screenshot next to it.

python scripts/colour_blind.py SCREENSHOT.png [--scale 0.5]
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from buttons_game.ui.vision import MATRICES, simulate  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("screenshot", type=Path)
    parser.add_argument("--scale", type=float, default=0.5)
    args = parser.parse_args()
    image = pygame.image.load(str(args.screenshot))
    if args.scale != 1:
        image = pygame.transform.smoothscale_by(image, args.scale)
    for kind in MATRICES:
        out = args.screenshot.with_name(f"{args.screenshot.stem}-{kind}.png")
        pygame.image.save(simulate(image, kind), str(out))
        print(out)


if __name__ == "__main__":
    main()
