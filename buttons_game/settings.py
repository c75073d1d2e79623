"""Player settings, persisted as JSON in the per-user config folder.

Reading is as guarded as loading a save: only a small regular file is read, the
JSON is parsed with limits, and every value that is not valid falls back to its
own default, so nothing in the file can stop, hang or flood the game.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from .games.buttons.bots import LEVELS
from .games.buttons.tutorial import STEPS as TUTORIAL_STEPS
from .games.kopf.lessons import LESSONS
from .i18n import LANGUAGES, system_language
from .locking import WAIT_SECONDS, shared_lock
from .names import SEAT_NAME_LIMIT, name_problem
from .paths import config_dir, remove_stale_files

WINDOW_SIZES: tuple[tuple[int, int], ...] = ((1280, 720), (1280, 800), (1600, 900), (1920, 1080))
# The window sizes the game accepts, from settings.json and from --window alike.
MIN_WINDOW: tuple[int, int] = (960, 600)
MAX_WINDOW: tuple[int, int] = (7680, 4320)
ANIMATION_SPEEDS: dict[str, float] = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}
COACH_MODES: tuple[str, ...] = ("auto", "always", "off")
MAX_VOLUME = 100  # the effects volume runs from 0 (silent) to 100
SPEECH_RATES = (50, 300)  # percent of the voice's normal speed
SPEECH_DETAILS = ("all", "mine")
SEAT_KINDS = ("human", *LEVELS)
NAME_LIMIT = SEAT_NAME_LIMIT
# A settings file is a few hundred bytes; anything larger than this is not one.
MAX_SETTINGS_BYTES = 64 * 1024
MAX_INT_DIGITS = 20
MAX_PROBLEM_CHARS = 200
TEMP_PREFIX, TEMP_SUFFIX = ".settings-", ".tmp"  # an interrupted write's leftover
STALE_TEMP_SECONDS = 60  # a write in progress lives milliseconds


@dataclass
class Settings:
    language: str = "en"
    window: tuple[int, int] | None = None  # None: fit the display (the first start)
    fullscreen: bool = False
    animation: str = "normal"
    symbols: bool = True  # colour symbols on buttons and cards (colour-blind friendly)
    # The coach's round review: "auto" (when one person plays), "always" (every person), "off".
    coach: str = "auto"
    # The set-up of the last game started: each seat's name and kind ("human" or a bot level).
    last_seats: tuple[dict[str, str], ...] = ()
    # Learn to play: the first start offers the tutorial once; the lesson to open next.
    tutorial_offered: bool = False
    kopf_lesson: int = 0  # an index into kopf_oder_knopf.lessons.LESSONS
    buttons_lesson: int = 0  # the BUTTONS tutorial's step reached: an index into tutorial.STEPS
    effects_volume: int = 75  # sound effects, 0 (silent) to MAX_VOLUME
    mute: bool = False  # no sound at all (the M key at the table)
    # Speech for players without sight: None until decided (the first start turns it on
    # when a screen reader runs), the rate (percent of the voice's normal speed) and how
    # much is said ("all": every move; "mine": what concerns the people here, and the
    # game's big moments).
    speech: bool | None = None
    speech_rate: int = 100
    speech_detail: str = "all"
    # Play over the internet (Settings → Network): the wormhole's mailbox server and
    # transit relay; "" and None mean the public ones ("" for the relay: no relay).
    mailbox: str = ""
    relay: str | None = None

    @property
    def animation_factor(self) -> float:
        return ANIMATION_SPEEDS[self.animation]

    def coached(self, humans: list[int]) -> list[int]:
        """The people (seat numbers) whose decisions the coach reviews in a game."""
        if self.coach == "always" or (self.coach == "auto" and len(humans) == 1):
            return humans
        return []


def window_fits(width: int, height: int) -> bool:
    """True when a width x height window lies within MIN_WINDOW ... MAX_WINDOW."""
    return MIN_WINDOW[0] <= width <= MAX_WINDOW[0] and MIN_WINDOW[1] <= height <= MAX_WINDOW[1]


def settings_path() -> Path:
    return config_dir() / "settings.json"


class _Invalid:
    """A value settings cannot hold: NaN, Infinity, a huge number, a wrong type."""


_INVALID = _Invalid()


def _language(value: object) -> object:
    return value if isinstance(value, str) and value in LANGUAGES else _INVALID


def _window(value: object) -> object:
    if value is None:
        return None
    if isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value):
        if window_fits(value[0], value[1]):
            return (value[0], value[1])
    return _INVALID


def _flag(value: object) -> object:
    return value if type(value) is bool else _INVALID


def _coach(value: object) -> object:
    return value if isinstance(value, str) and value in COACH_MODES else _INVALID


def _animation(value: object) -> object:
    return value if isinstance(value, str) and value in ANIMATION_SPEEDS else _INVALID


def _kopf_lesson(value: object) -> object:
    return value if type(value) is int and 0 <= value < len(LESSONS) else _INVALID


def _buttons_lesson(value: object) -> object:
    return value if type(value) is int and 0 <= value < len(TUTORIAL_STEPS) else _INVALID


def _volume(value: object) -> object:
    return value if type(value) is int and 0 <= value <= MAX_VOLUME else _INVALID


def _speech(value: object) -> object:
    return value if value is None or type(value) is bool else _INVALID


def _speech_rate(value: object) -> object:
    low, high = SPEECH_RATES
    return value if type(value) is int and low <= value <= high else _INVALID


def _speech_detail(value: object) -> object:
    return value if isinstance(value, str) and value in SPEECH_DETAILS else _INVALID


def _mailbox(value: object) -> object:
    from .net.internet import check_mailbox

    if value == "":
        return ""
    try:
        return check_mailbox(value) if isinstance(value, str) else _INVALID
    except ValueError:
        return _INVALID


def _relay(value: object) -> object:
    from .net.internet import check_relay

    if value is None:
        return None
    try:
        return check_relay(value) if isinstance(value, str) else _INVALID
    except ValueError:
        return _INVALID


def _last_seats(value: object) -> object:
    if value == []:
        return ()
    if isinstance(value, list) and 2 <= len(value) <= 4 and all(map(_good_seat, value)):
        return tuple({"name": seat["name"], "kind": seat["kind"]} for seat in value)
    return _INVALID


def _good_seat(seat: object) -> bool:
    return (
        isinstance(seat, dict)
        and set(seat) == {"name", "kind"}
        and isinstance(seat["kind"], str)
        and seat["kind"] in SEAT_KINDS
        and isinstance(seat["name"], str)
        and name_problem(seat["name"], NAME_LIMIT) is None
    )


_READERS: dict[str, Callable[[object], object]] = {
    "language": _language,
    "window": _window,
    "fullscreen": _flag,
    "animation": _animation,
    "symbols": _flag,
    "coach": _coach,
    "last_seats": _last_seats,
    "tutorial_offered": _flag,
    "kopf_lesson": _kopf_lesson,
    "buttons_lesson": _buttons_lesson,
    "effects_volume": _volume,
    "mute": _flag,
    "speech": _speech,
    "speech_rate": _speech_rate,
    "speech_detail": _speech_detail,
    "mailbox": _mailbox,
    "relay": _relay,
}


def _clean(data: dict[str, Any]) -> tuple[Settings, list[str]]:
    """Settings from a parsed file, keeping every valid value; and the keys that were not valid.

    Keys the game does not know (from a newer version, say) are ignored.
    """
    settings = Settings()
    refused: list[str] = []
    for key, read in _READERS.items():
        if key in data:
            value = read(data[key])
            if value is _INVALID:
                refused.append(key)
            else:
                setattr(settings, key, value)
    if "tutorial_offered" not in data:
        settings.tutorial_offered = True  # a file from before "Learn to play": nobody new
    return settings, refused


class _Unusable(Exception):
    """The settings file cannot be used at all; the message says why."""


def _read_capped(path: Path) -> bytes:
    """The file's bytes, read only if it is a regular file of at most MAX_SETTINGS_BYTES."""
    # Checked before opening too: opening a pipe or a device could block or never end.
    if not stat.S_ISREG(os.stat(path).st_mode):
        raise _Unusable("not a regular file")
    # O_NONBLOCK: should the file become a pipe after the check, opening it cannot hang.
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    with os.fdopen(fd, "rb") as file:
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
            raise _Unusable("not a regular file")
        data = file.read(MAX_SETTINGS_BYTES + 1)
    if len(data) > MAX_SETTINGS_BYTES:
        raise _Unusable(f"larger than {MAX_SETTINGS_BYTES // 1024} KB")
    return data


def _parse(data: bytes) -> dict[str, Any]:
    if not data.strip():
        raise _Unusable("the file is empty")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise _Unusable(f"not a text file (bad UTF-8 at byte {error.start})") from None
    try:
        document = json.loads(text, parse_int=_parse_int, parse_constant=lambda _: _INVALID)
    except json.JSONDecodeError as error:
        where = f"line {error.lineno}, column {error.colno}"
        raise _Unusable(f"not valid JSON ({error.msg[:60]}, {where})") from None
    except RecursionError:
        raise _Unusable("the JSON is nested too deeply") from None
    except ValueError:
        raise _Unusable("not valid JSON") from None
    if not isinstance(document, dict):
        raise _Unusable("not a settings file (the JSON is not an object)")
    return document


def _parse_int(text: str) -> object:
    return _INVALID if len(text.lstrip("-")) > MAX_INT_DIGITS else int(text)


def _message(path: Path, reason: str) -> str:
    """``path: reason`` in at most MAX_PROBLEM_CHARS characters (a long path is shortened)."""
    text = f"{path}: {reason}"
    if len(text) > MAX_PROBLEM_CHARS:
        text = f"{path.name}: {reason}"
    return _short(text)


def _short(text: str) -> str:
    return text if len(text) <= MAX_PROBLEM_CHARS else text[: MAX_PROBLEM_CHARS - 3] + "..."


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings (defaults if none), and one short message if the file was bad.

    A bad file never raises: each value that is not valid gets its default and the
    message (at most MAX_PROBLEM_CHARS characters) says what was wrong; None if nothing was.
    """
    if path is None:
        try:
            path = settings_path()
        except OSError as error:
            reason = f"cannot use the settings folder ({error.strerror or error})"
            return Settings(language=system_language()), _short(f"{reason}; defaults are used")
    try:
        document = _parse(_read_capped(path))
    except FileNotFoundError:
        return Settings(language=system_language()), None
    except _Unusable as problem:
        return Settings(), _message(path, f"{problem}; the default settings are used")
    except OSError as error:
        reason = f"cannot read the file ({error.strerror or type(error).__name__})"
        return Settings(), _message(path, f"{reason}; the default settings are used")
    except ValueError:  # a NUL character in the path
        return Settings(), _message(path, "not a valid file name; the default settings are used")
    settings, refused = _clean(document)
    if not refused:
        return settings, None
    reason = f"not valid, so the default is used: {', '.join(refused)}"
    return settings, _message(path, reason)


def _encoded(settings: Settings) -> dict[str, Any]:
    data = asdict(settings)
    data["window"] = list(settings.window) if settings.window else None
    data["last_seats"] = [dict(seat) for seat in settings.last_seats]
    return data


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write atomically: a temp file in the same folder, then os.replace.

    Raises OSError with a message naming the file and the cause; no temp file is left.
    """
    text = json.dumps(_encoded(settings), indent=2)
    try:
        path = path or settings_path()
        _write_atomically(path, text.encode("utf-8"))
    except OSError as error:
        reason = f"cannot save the settings ({error.strerror or error})"
        message = _message(path, reason) if path else _short(f"settings folder: {reason}")
        raise OSError(message) from error


def changes(before: Settings, after: Settings) -> dict[str, Any]:
    """The fields ``after`` changes from ``before``, by name."""
    return {
        f.name: getattr(after, f.name)
        for f in fields(Settings)
        if getattr(after, f.name) != getattr(before, f.name)
    }


def write_changes(
    changed: dict[str, Any],
    path: Path | None = None,
    wait: float = WAIT_SECONDS,
    whole: Settings | None = None,
) -> Settings:
    """Write the fields ``changed`` into the settings as the file holds them now, under
    the file's lock: another copy's changes meanwhile are kept; a file that is not valid
    gets ``whole`` (this copy's settings) with them. Returns what was written; BusyError
    when another copy held the lock ``wait`` seconds, OSError as ``save_settings``."""
    try:
        path = path or settings_path()
    except OSError as error:
        raise OSError(_short(f"settings folder: cannot save the settings ({error})")) from error
    with shared_lock(path, wait):
        current, problem = load_settings(path)
        if problem and whole is not None:
            current = whole  # a bad file: this copy's settings are written whole
        merged = replace(current, **changed)
        save_settings(merged, path)
    return merged


def save_changes(before: Settings, after: Settings, path: Path | None = None) -> Settings:
    """Write the fields ``after`` changes from ``before`` (this copy's wish when it last
    read or wrote) into the settings as the file holds them now; see ``write_changes``."""
    return write_changes(changes(before, after), path, whole=before)


# ------------------------------------------------------------------ the journal
# A change a copy could not write before it closed (another copy held the file's lock)
# is kept in a small file of its own beside the settings, and written at the next start.

JOURNAL_PREFIX, JOURNAL_SUFFIX = ".settings-journal-", ".json"


def write_journal(changed: dict[str, Any], folder: Path | None = None) -> Path:
    """Keep ``changed`` (fields by name) in a journal file of this copy's own; its path.
    OSError if it cannot be written."""
    folder = folder or settings_path().parent
    data = _encoded(replace(Settings(), **changed))
    document = {"changes": {name: data[name] for name in changed}}
    path = folder / f"{JOURNAL_PREFIX}{time.time_ns():020d}-{os.getpid()}{JOURNAL_SUFFIX}"
    _write_atomically(path, json.dumps(document, indent=2).encode("utf-8"))
    return path


def read_journals(folder: Path | None = None) -> tuple[dict[str, Any], list[Path]]:
    """The changes every journal beside the settings keeps, oldest first, later ones over
    earlier ones; and the journals read. A journal that is not valid adds nothing (each
    valid field of it still counts). Never raises."""
    try:
        folder = folder or settings_path().parent
        names = sorted(
            entry.name
            for entry in os.scandir(folder)
            if entry.name.startswith(JOURNAL_PREFIX) and entry.name.endswith(JOURNAL_SUFFIX)
        )
    except OSError:
        return {}, []
    changed: dict[str, Any] = {}
    read: list[Path] = []
    for name in names:
        path = folder / name
        try:
            document = _parse(_read_capped(path))
        except (OSError, ValueError, _Unusable):
            read.append(path)  # nothing to keep in it: removed with the others
            continue
        read.append(path)
        kept = document.get("changes")
        if not isinstance(kept, dict):
            continue
        for key, reader in _READERS.items():
            if key in kept:
                value = reader(kept[key])
                if value is not _INVALID:
                    changed[key] = value
    return changed, read


def remove_journals(paths: list[Path]) -> None:
    for path in paths:
        with contextlib.suppress(OSError):
            path.unlink()


def remove_stale_temp_files(age_seconds: float = STALE_TEMP_SECONDS) -> int:
    """Remove the temporary files of interrupted settings writes older than
    ``age_seconds`` (``.settings-*.tmp``); how many. Never raises."""
    try:
        folder = settings_path().parent
    except OSError:
        return 0
    return remove_stale_files(folder, TEMP_PREFIX, TEMP_SUFFIX, age_seconds)


def _write_atomically(path: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def warn(message: str) -> None:
    print(f"buttons-game: {message}", file=sys.stderr)


__all__ = [
    "ANIMATION_SPEEDS",
    "MAX_VOLUME",
    "MAX_WINDOW",
    "MIN_WINDOW",
    "NAME_LIMIT",
    "SEAT_KINDS",
    "WINDOW_SIZES",
    "Settings",
    "load_settings",
    "save_settings",
    "settings_path",
    "window_fits",
]
