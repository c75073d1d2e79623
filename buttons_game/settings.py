"""Player settings, persisted as JSON in the per-user config folder."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path

from buttons_game.bots import LEVELS
from buttons_game.i18n import LANGUAGES, system_language
from buttons_game.paths import config_dir

WINDOW_SIZES: tuple[tuple[int, int], ...] = ((1280, 720), (1280, 800), (1600, 900), (1920, 1080))
ANIMATION_SPEEDS: dict[str, float] = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}
SEAT_KINDS = ("human", *LEVELS)
NAME_LIMIT = 16


@dataclass
class Settings:
    language: str = "en"
    window: tuple[int, int] | None = None  # None: fit the display (the first start)
    fullscreen: bool = False
    animation: str = "normal"
    symbols: bool = True  # colour symbols on buttons and cards (colour-blind friendly)
    # The set-up of the last game started: each seat's name and kind ("human" or a bot level).
    last_seats: tuple[dict[str, str], ...] = ()

    @property
    def animation_factor(self) -> float:
        return ANIMATION_SPEEDS[self.animation]


def settings_path() -> Path:
    return config_dir() / "settings.json"


def _clean(data: object) -> Settings:
    """Settings from parsed JSON, keeping every valid value and defaulting the rest."""
    settings = Settings()
    if not isinstance(data, dict):
        return settings
    if data.get("language") in LANGUAGES:
        settings.language = data["language"]
    window = data.get("window")
    if (
        isinstance(window, list)
        and len(window) == 2
        and all(type(v) is int and 640 <= v <= 10_000 for v in window)
    ):
        settings.window = (window[0], window[1])
    if type(data.get("fullscreen")) is bool:
        settings.fullscreen = data["fullscreen"]
    if type(data.get("symbols")) is bool:
        settings.symbols = data["symbols"]
    if data.get("animation") in ANIMATION_SPEEDS:
        settings.animation = data["animation"]
    seats = data.get("last_seats")
    if isinstance(seats, list) and 2 <= len(seats) <= 4 and all(map(_good_seat, seats)):
        settings.last_seats = tuple({"name": s["name"], "kind": s["kind"]} for s in seats)
    return settings


def _good_seat(seat: object) -> bool:
    return (
        isinstance(seat, dict)
        and set(seat) == {"name", "kind"}
        and seat["kind"] in SEAT_KINDS
        and isinstance(seat["name"], str)
        and 0 < len(seat["name"]) <= NAME_LIMIT
        and seat["name"].isprintable()
    )


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings (defaults if none), and a problem message if the file was bad."""
    path = path or settings_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(language=system_language()), None
    except OSError as error:
        return Settings(), f"{path}: {error}"
    try:
        return _clean(json.loads(text)), None
    except ValueError as error:
        return Settings(), f"{path}: not valid JSON ({error})"


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write atomically: a temp file in the same folder, then os.replace."""
    path = path or settings_path()
    data = asdict(settings)
    data["window"] = list(settings.window) if settings.window else None
    data["last_seats"] = [dict(seat) for seat in settings.last_seats]
    fd, tmp = tempfile.mkstemp(prefix=".settings-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=2)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def warn(message: str) -> None:
    print(f"buttons-game: {message}", file=sys.stderr)


__all__ = [
    "ANIMATION_SPEEDS",
    "NAME_LIMIT",
    "SEAT_KINDS",
    "WINDOW_SIZES",
    "Settings",
    "load_settings",
    "save_settings",
    "settings_path",
]
