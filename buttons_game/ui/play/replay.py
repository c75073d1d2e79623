"""Where a replay stands and how it moves: one action, to a landmark, or playing on at a
speed. Every move goes through ``ReplayViewer.goto``, which points the model at the new
position; no game is played, no bot asked, no die rolled and nothing saved.

What differs between games comes from the game's UI: the model of its table at a position
(``model``) and the marks of the action just done (``marks``); the defaults are a plain
model without marks, which any game with a history can be shown with.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from buttons_game.core.kind import kind_of
from buttons_game.core.notes import Note
from buttons_game.i18n import t
from buttons_game.replay import Replay

from .model import PlayModel, note_text

SPEEDS: tuple[float, ...] = (0.5, 1.0, 2.0, 4.0)
SECONDS_PER_ACTION = 0.8  # playing at 1x
FAST_POSITIONS = 200  # running to the end headless (--fast): at most this many positions drawn
HOLD_FRAMES = 2  # ... each for this many frames (a screenshot needs its key to hold two)


@dataclass(frozen=True)
class Position:
    """Where the replay stands: ``number`` actions of ``total`` done, in round or turn
    ``section``; the log's notes from index ``current`` on are the current action's."""

    number: int = 0
    total: int = 0
    section: int = 1
    current: int = 0


class ReplayModel(Protocol):
    """What the viewer sets on a game's model at each position; the game's drawing reads
    the rest of it as it reads a game being played."""

    game: Any
    log: list[Note]
    log_scroll: int
    pointer: tuple[int, int] | None
    where: Position

    @property
    def names(self) -> list[str]: ...

    def scroll_log(self, lines: int) -> None: ...


@dataclass
class PlainReplayModel(PlayModel):
    """A game's model at one position of a replay, for a game with no replay model of its own."""

    where: Position = field(default_factory=Position)


def no_marks(model: Any, replay: Replay, n: int) -> None:
    """A game without marks of its own: nothing shows what the action at ``n`` did."""


Marks = Callable[[Any, Replay, int], None]


def fast_stride(last: int) -> int:
    """Positions to move per beat when running to the end headless: every one for a game
    of up to FAST_POSITIONS actions, else every k-th (the last one is always drawn)."""
    return max(1, -(-last // FAST_POSITIONS))


class ReplayViewer:
    """One replay being watched: its position, playing or not, and at which speed."""

    def __init__(
        self,
        replay: Replay,
        model: Callable[[Any], ReplayModel] = PlainReplayModel,
        marks: Marks = no_marks,
    ) -> None:
        """``model``: the game's model of its table at a game (the first position);
        ``marks(model, replay, n)`` marks on it what the action that led to ``n`` did."""
        self.replay = replay
        self.model = model(replay.game_at(0))
        self.marks = marks
        self.position = -1
        self.playing = False
        self.speed = 1.0
        self.elapsed = 0.0
        self.fresh = False  # play just began: the time before that does not count
        self.stride: int | None = None  # running to the end headless: positions per beat
        self.held = 0  # frames the position has been drawn while running to the end
        self.goto(0)

    # ------------------------------------------------------------------ reading
    @property
    def last(self) -> int:
        return self.replay.last

    @property
    def at_end(self) -> bool:
        return self.position >= self.last

    @property
    def interval(self) -> float:
        """Seconds per action while playing."""
        return SECONDS_PER_ACTION / self.speed

    # ------------------------------------------------------------------ moving
    def goto(self, n: int) -> bool:
        """Show position ``n`` (kept within the game); True if the position changed."""
        n = min(max(0, n), self.last)
        if n == self.position:
            return False
        self.position = n
        replay = self.replay
        m = self.model
        m.game = replay.game_at(n)
        m.log = replay.log(n)
        m.log_scroll = 0
        m.where = Position(n, replay.last, replay.sections[n], replay.current(n))
        self.marks(m, replay, n)
        self.elapsed = 0.0
        return True

    def words(self) -> str:
        """The position in words, for speech: which action of how many, and what it did (the
        log's notes of the current action)."""
        m = self.model
        where = m.where
        if where.number == 0:
            return t("table_speech.replay_start", total=where.total)
        section = kind_of(m.game).log_section
        lines = " ".join(note_text(note, m.names, section) for note in m.log[where.current :])
        return t("table_speech.replay", ply=where.number, total=where.total, lines=lines)

    def step(self, delta: int) -> bool:
        """``delta`` actions on (or back, when negative)."""
        return self.goto(self.position + delta)

    def jump(self, forward: bool) -> bool:
        """To the next landmark (the start of a round, a capture; the end), or the one before."""
        n = self.position
        return self.goto(self.replay.later(n) if forward else self.replay.earlier(n))

    # ------------------------------------------------------------------ playing
    def toggle_play(self) -> None:
        """Play on from here (from the start, when at the end), or pause."""
        if self.playing:
            self.playing = False
            return
        if self.last == 0:
            return
        if self.at_end:
            self.goto(0)
        self.playing = True
        self.elapsed = 0.0
        self.fresh = True

    def set_speed(self, speed: float) -> None:
        if speed not in SPEEDS:
            raise ValueError(f"the replay plays at {', '.join(f'{s:g}' for s in SPEEDS)}x")
        self.speed = speed

    def faster(self, steps: int) -> None:
        """The next speed up (or down, when ``steps`` is negative), within SPEEDS."""
        i = SPEEDS.index(self.speed) + steps
        self.speed = SPEEDS[min(max(0, i), len(SPEEDS) - 1)]

    def run_to_end(self) -> None:
        """Headless (--fast --quit-when-over): step to the end, drawing positions as it goes."""
        self.playing = False
        self.stride = fast_stride(self.last)
        self.held = 0

    def update(self, dt: float) -> bool:
        """Advance while playing (or running to the end); True when the position changed."""
        if self.stride is not None:  # each position for HOLD_FRAMES frames, then the next
            if self.held < HOLD_FRAMES or self.at_end:
                self.held += 1
                return False
            self.held = 1  # this frame draws the new position
            return self.goto(self.position + self.stride)
        if not self.playing:
            return False
        if self.fresh:
            self.fresh = False
            return False
        self.elapsed += dt
        steps = int((self.elapsed + 1e-9) // self.interval)  # 1e-9: sums of dt round down
        if steps <= 0:
            return False
        left = self.elapsed - steps * self.interval
        moved = self.goto(self.position + steps)
        self.elapsed = left
        if self.at_end:
            self.playing = False
        return moved


__all__ = [
    "FAST_POSITIONS",
    "HOLD_FRAMES",
    "SPEEDS",
    "Marks",
    "PlainReplayModel",
    "Position",
    "ReplayModel",
    "ReplayViewer",
    "fast_stride",
    "no_marks",
]
