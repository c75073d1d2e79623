"""Where a replay stands and how it moves: one action, to a landmark, or playing on at a
speed. Every move goes through ``ReplayViewer.goto``, which points the model at the new
position; no game is played, no bot asked, no die rolled and nothing saved.
"""

from __future__ import annotations

from typing import Union

from buttons_game.games.buttons.engine import Dice, Place, PlaceStar, Status
from buttons_game.games.kopf.engine import Move, Remove
from buttons_game.replay import Replay

from .model import Position, ReplayKopfModel, ReplayTableModel

SPEEDS: tuple[float, ...] = (0.5, 1.0, 2.0, 4.0)
SECONDS_PER_ACTION = 0.8  # playing at 1x
FAST_POSITIONS = 200  # running to the end headless (--fast): at most this many positions drawn
HOLD_FRAMES = 2  # ... each for this many frames (a screenshot needs its key to hold two)

ReplayModel = Union[ReplayTableModel, ReplayKopfModel]


def fast_stride(last: int) -> int:
    """Positions to move per beat when running to the end headless: every one for a game
    of up to FAST_POSITIONS actions, else every k-th (the last one is always drawn)."""
    return max(1, -(-last // FAST_POSITIONS))


class ReplayViewer:
    """One replay being watched: its position, playing or not, and at which speed."""

    def __init__(self, replay: Replay) -> None:
        self.replay = replay
        self.kopf = replay.kind == "kopf"
        first = replay.game_at(0)
        self.model: ReplayModel = ReplayKopfModel(first) if self.kopf else ReplayTableModel(first)
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
        if isinstance(m, ReplayKopfModel):
            self._kopf_marks(m, n)
        else:
            self._table_marks(m, n)
        self.elapsed = 0.0
        return True

    def _table_marks(self, m: ReplayTableModel, n: int) -> None:
        """The button the current action placed, and a bust with the buttons it took."""
        action = self.replay.actions[n - 1] if n else None
        m.last_move = {}
        m.busted = None
        m.fading = {}
        if isinstance(action, (Place, PlaceStar)):
            m.last_move = {action.player: (action.row, action.col)}
        elif isinstance(action, Dice):
            before, after = self.replay.states[n - 1], self.replay.states[n]
            seat = before.active_player
            if before.status(seat) is Status.IN_ROUND and after.status(seat) is Status.BUSTED:
                m.busted = seat
                m.fading = {seat: before.button_mask(seat)}

    def _kopf_marks(self, m: ReplayKopfModel, n: int) -> None:
        """The current action's move, and the squares its captures emptied (a removal, or
        the strike that began the next turn)."""
        action = self.replay.actions[n - 1] if n else None
        m.last_move = None
        m.taken = frozenset()
        if action is None:
            return
        before, after = self.replay.states[n - 1], self.replay.states[n]
        if isinstance(action, Move):
            m.last_move = ((action.from_row, action.from_col), (action.to_row, action.to_col))
        # last_captured: this turn's removals and strike so far (a move starts a new turn)
        m.taken = after.last_captured
        if isinstance(action, Remove):
            m.taken -= before.last_captured

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


__all__ = ["FAST_POSITIONS", "HOLD_FRAMES", "SPEEDS", "ReplayViewer", "fast_stride"]
