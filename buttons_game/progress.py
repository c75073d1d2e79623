"""A progress bar for long command-line work (``simulate``, ``tournament``, ``tournament
--efficiency``): items done, the rate and the time left, on stderr, and only when stderr
is a terminal (never in a pipe, a file or with ``--json``), so what the commands print
stays the same. Work in stages (positions solved, then rounds played) gets a line each."""

from __future__ import annotations

import io
import os
import shutil
import sys
import time
from typing import TextIO

REDRAW_SECONDS = 0.1  # at most ten lines a second
BAR_CHARS = 30


def clock(seconds: float) -> str:
    """0:05, 1:02:03."""
    whole = int(seconds + 0.5)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class Progress:
    """``done`` of ``total`` items, drawn over one line of ``stream`` as they are done; the
    line ends as the last item is done, so whatever is printed next starts afresh."""

    def __init__(
        self,
        total: int,
        unit: str = "games",
        stream: TextIO | None = None,
        shown: bool | None = None,
    ) -> None:
        """``shown``: draw at all (default: when ``stream``, stderr by default, is a terminal)."""
        self.total = max(0, total)
        self.unit = unit
        self.stream = sys.stderr if stream is None else stream
        if shown is None:
            isatty = getattr(self.stream, "isatty", None)
            shown = bool(isatty and isatty())
        self.shown = shown
        self.done = 0
        self.started = time.monotonic()
        self.drawn_at = -REDRAW_SECONDS
        self.width = 0  # of the line drawn last

    def advance(self, count: int = 1) -> None:
        if self.done >= self.total:
            return
        self.done = min(self.total, self.done + count)
        now = time.monotonic()
        if self.shown and (now - self.drawn_at >= REDRAW_SECONDS or self.done == self.total):
            self.drawn_at = now
            self._draw(now)
            if self.done == self.total:
                self._end_line()

    def stage(self, total: int, unit: str) -> None:
        """Count the next stage of the work afresh: ``total`` items of ``unit``, on a line
        of its own below the stage before, drawn at once (its first item may be slow)."""
        self.close()
        self.total = max(0, total)
        self.unit = unit
        self.done = 0
        self.started = self.drawn_at = time.monotonic()
        if self.shown and self.total:
            self._draw(self.started)

    def line(self, now: float | None = None) -> str:
        """The bar as it is now: ``[#####-----]  120/1000 games  45.2 games/s  0:19 left``."""
        elapsed = (time.monotonic() if now is None else now) - self.started
        share = self.done / self.total if self.total else 1.0
        filled = int(BAR_CHARS * share)
        rate = self.done / elapsed if elapsed > 0 else 0.0
        if self.done >= self.total:
            when = f"{clock(elapsed)} in all"
        elif rate > 0:
            when = f"{clock((self.total - self.done) / rate)} left"
        else:
            when = "time left: …"
        bar = "#" * filled + "-" * (BAR_CHARS - filled)
        digits = len(str(self.total))
        return (
            f"[{bar}] {self.done:>{digits}}/{self.total} {self.unit}  "
            f"{rate:.1f} {self.unit}/s  {when}"
        )

    def _draw(self, now: float) -> None:
        columns = self.columns()
        text = self.line(now)[: max(1, columns - 1)]
        pad = " " * max(0, self.width - len(text))
        self.stream.write(f"\r{text}{pad}")
        self.stream.flush()
        self.width = len(text)

    def columns(self) -> int:
        """The width of the terminal the bar is drawn on (80 when it does not say)."""
        try:
            columns = os.get_terminal_size(self.stream.fileno()).columns
        except (AttributeError, OSError, ValueError, io.UnsupportedOperation):
            columns = 0
        return columns or shutil.get_terminal_size((80, 24)).columns

    def close(self) -> None:
        """End the bar's line (the last figures stay), so what follows starts afresh."""
        if self.shown and self.width:
            self._draw(time.monotonic())
            self._end_line()

    def _end_line(self) -> None:
        self.stream.write("\n")
        self.stream.flush()
        self.width = 0

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
