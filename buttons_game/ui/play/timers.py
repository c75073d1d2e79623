"""Every animation clock of the table in one small object."""

from __future__ import annotations


class Timers:
    """Named countdowns (the dice in the air, a bust's beat, a fade, a flash ...).

    ``tick`` advances them all and reports which ran out, so the session can act
    on an ending (the dice land, the beat is over) in one place.
    """

    def __init__(self) -> None:
        self._left: dict[str, float] = {}
        self._length: dict[str, float] = {}
        self.since_change = 0.0  # seconds since the game last changed (paces the bots)

    def start(self, name: str, seconds: float, delay: float = 0.0) -> None:
        """``name`` runs ``seconds`` after a ``delay`` (its fraction stays 1.0 meanwhile)."""
        self._left[name] = max(0.0, seconds) + max(0.0, delay)
        self._length[name] = max(1e-9, seconds)

    def stop(self, name: str) -> None:
        self._left.pop(name, None)
        self._length.pop(name, None)

    def running(self, name: str) -> bool:
        return name in self._left

    def left(self, name: str) -> float:
        """Seconds until ``name`` runs out (0 if stopped)."""
        return max(0.0, self._left.get(name, 0.0))

    def fraction(self, name: str) -> float:
        """1.0 when ``name`` has just started, falling to 0.0 as it runs out (0 if stopped)."""
        if name not in self._left:
            return 0.0
        return min(1.0, self._left[name] / self._length[name])

    @property
    def busy(self) -> bool:
        return bool(self._left)

    def tick(self, dt: float) -> list[str]:
        """Advance every countdown by ``dt`` seconds; return the names that ended now."""
        self.since_change += dt
        ended = []
        for name in list(self._left):
            self._left[name] -= dt
            if self._left[name] <= 0:
                ended.append(name)
                self.stop(name)
        return ended
