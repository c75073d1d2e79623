"""The game window. (The full game screens arrive with the GUI; this opens the window.)"""

from __future__ import annotations

import argparse
import os


def run_app(args: argparse.Namespace) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.init()
    try:
        screen = pygame.display.set_mode((1280, 800), pygame.RESIZABLE)
        pygame.display.set_caption("Buttons")
        font = pygame.font.Font(None, 64)
        clock = pygame.time.Clock()
        running = True
        while running:
            for event in pygame.event.get():
                if event.type == pygame.QUIT or (
                    event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
                ):
                    running = False
            screen.fill((32, 36, 48))
            text = font.render("BUTTONS", True, (240, 220, 120))
            screen.blit(text, text.get_rect(center=screen.get_rect().center))
            pygame.display.flip()
            clock.tick(10)
    finally:
        pygame.quit()
    return 0
