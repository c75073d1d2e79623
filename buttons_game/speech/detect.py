"""Whether the system says a screen reader runs, so speech is on at the first start:
Windows' screen-reader flag (``SPI_GETSCREENREADER``, which NVDA, JAWS and Narrator set),
VoiceOver's setting on macOS, AT-SPI's ``ScreenReaderEnabled`` on Linux (Orca sets it on
the session's accessibility bus). Every question is bounded in time and any failure is
"no": the first-start key still turns speech on by ear."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Sequence

SPI_GETSCREENREADER = 0x0046
TIMEOUT = 1.5  # seconds a question may take at the start


def _output(command: Sequence[str]) -> str | None:
    try:
        done = subprocess.run(
            list(command),
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            stdin=subprocess.DEVNULL,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout if done.returncode == 0 else None


def _windows() -> bool:
    import ctypes

    flag = ctypes.c_int(0)
    windll = getattr(ctypes, "windll", None)
    if windll is None:
        return False
    ok = windll.user32.SystemParametersInfoW(SPI_GETSCREENREADER, 0, ctypes.byref(flag), 0)
    return bool(ok) and bool(flag.value)


def _macos(run: Callable[[Sequence[str]], str | None]) -> bool:
    out = run(["defaults", "read", "com.apple.universalaccess", "voiceOverOnOffKey"])
    return out is not None and out.strip() == "1"


def _linux(run: Callable[[Sequence[str]], str | None]) -> bool:
    out = run(
        [
            "busctl", "--user", "get-property", "org.a11y.Bus", "/org/a11y/bus",
            "org.a11y.Status", "ScreenReaderEnabled",
        ]
    )  # fmt: skip
    if out is not None:
        return out.strip() == "b true"
    out = run(["gsettings", "get", "org.gnome.desktop.a11y.applications", "screen-reader-enabled"])
    return out is not None and out.strip() == "true"


def screen_reader_running(
    platform: str = sys.platform, run: Callable[[Sequence[str]], str | None] = _output
) -> bool:
    """Whether a screen reader runs now, as far as the system tells."""
    try:
        if platform == "win32":
            return _windows()
        if platform == "darwin":
            return _macos(run)
        return _linux(run)
    except Exception:  # noqa: BLE001 — a question the system cannot answer means no
        return False


__all__ = ["screen_reader_running"]
