"""Driving the app without a person: the options of the command line (--seats, --load,
--replay, --tutorial, --fast, --quit-when-over) and --screenshots of every new screen.

Any registered game starts the same way: its kind makes the game (``ui/launch.py`` opens
it), its UI the screen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from buttons_game.core.kind import find_kind
from buttons_game.core.seats import Seat
from buttons_game.i18n import t
from buttons_game.names import bot_name
from buttons_game.settings import warn

from .png import save_png


@dataclass
class AppOptions:
    seats: tuple[str | None, ...] | None = None  # per seat: None for a person, else a bot level
    fast: bool = False
    screenshots: Path | None = None
    quit_when_over: bool = False
    window: tuple[int, int] | None = None
    language: str | None = None
    seed: int | None = None
    layouts: tuple[str, ...] | None = None  # BUTTONS: the boards of the seats
    load: Any = None  # a game (of any kind) loaded with --load
    game: str = "buttons"  # the id of the game --seats starts
    short: bool = False  # Kopf oder Knopf: the short game, 8 captures
    tutorial: str | None = None  # the game whose tutorial starts at once
    show_me: bool = False  # the tutorial plays itself, lesson after lesson
    replay: Any = None  # a game (of any kind) to watch in the replay viewer (--replay)
    replay_network: Any = None  # its save's network record, when it was played across computers
    problem: str | None = None  # what --load or --replay could not open, said in the window
    lan: bool = False  # games across computers: listen on every interface and use mDNS
    internet: bool = False  # games over the internet by wormhole codes (Settings → Network)
    net_port: int = 47474  # the port a hosted game listens on first (0: any free port)

    @property
    def starts_at_once(self) -> bool:
        """Something other than the main menu comes first."""
        return bool(self.seats or self.load is not None or self.tutorial or self.replay is not None)


def seats_from_options(options: AppOptions) -> tuple[Seat, ...]:
    """Named seats for ``--seats``: "Player 1", and each bot its seat's name ("Thimble"...)
    in the current language."""
    assert options.seats is not None
    return tuple(
        Seat(t("setup.default_name", n=p + 1), None) if level is None else Seat(bot_name(p), level)
        for p, level in enumerate(options.seats)
    )


def new_game_from_options(options: AppOptions) -> Any:
    """The game ``--game`` and ``--seats`` ask for, with the options given for it."""
    kind = find_kind(options.game)
    if kind is None:
        raise ValueError(f"there is no game {options.game!r:.40}")
    extra: dict[str, Any] = {}
    if options.layouts:
        extra["layouts"] = options.layouts
    if options.short:
        extra["short"] = True
    return kind.new_game(seats_from_options(options), seed=options.seed, **extra)


class Screenshots:
    """A PNG of each new screen or phase (``Screen.screenshot_key``) into the folder of
    ``--screenshots``; a folder that cannot be written stops them, with a notice why."""

    def __init__(self, options: AppOptions, notify: Callable[[str, str], None]) -> None:
        self.options = options
        self.notify = notify
        self.taken: set[str] = set()
        self.count = 0
        self.candidate = ""

    def take(self, surface: pygame.Surface, key: str) -> None:
        """Shoot ``surface`` if ``key`` is new."""
        folder = self.options.screenshots
        # A key must hold for two frames: new widgets show after one UI update.
        if folder is None or key in self.taken or key != self.candidate:
            self.candidate = key
            return
        self.taken.add(key)
        self.count += 1
        safe = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in key)
        try:
            folder.mkdir(parents=True, exist_ok=True)
            save_png(surface, folder / f"{self.count:03d}-{safe}.png")
        except (OSError, pygame.error) as error:  # the folder went away or the disk is full
            self.options.screenshots = None
            warn(f"screenshots stopped: {error}")
            self.notify(t("errors.screenshots_stopped", error=str(error)), "bad")
