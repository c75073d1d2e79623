"""What a game offers for bot tournaments (``GameKind.tournament``): one bot-only game
played from a seed through the checked ``apply``, and what each seat made of it. The
shared ``tournament`` command deals the seeds, turns the levels through the seats and
adds the games up; the game only says how one game goes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

BotOptions = Mapping[str, Mapping[str, Any]]
"""Bot options per level, e.g. ``{"hard": {"seconds": 0.2}}``."""


@dataclass(frozen=True)
class BotGame:
    """One bot-only game: per seat its level and its share of the win (a shared win 1/k
    each; a draw or a loss 0), whether it was drawn, its length in the kind's ``unit``,
    per seat the tournament's ``figures`` in order, and each seat's decision times."""

    levels: tuple[str, ...]
    wins: tuple[float, ...]
    drawn: bool
    length: int
    figures: tuple[tuple[int, ...], ...]
    decision_s: tuple[tuple[float, ...], ...]


class Meter(Protocol):
    """Where long work tells how far it is (the command line's progress bar): a stage of
    ``total`` items of a ``unit`` ("positions", "rounds"), then each count of them done."""

    def stage(self, total: int, unit: str) -> None: ...

    def advance(self, count: int = 1) -> None: ...


class Tournament:
    """How bots of one game play each other headless."""

    figures: tuple[str, ...] = ()  # per-seat counts reported per game, e.g. "busts"
    measures_efficiency: bool = False  # whether ``efficiency`` measures its bots

    def play(
        self, levels: tuple[str, ...], seed: int, options: BotOptions | None = None
    ) -> BotGame:
        """One game of bots of ``levels`` (one per seat) dealt from ``seed``; the game's
        RulesError, naming the bot, if a bot breaks a rule."""
        raise NotImplementedError

    def efficiency(
        self,
        seats: Sequence[str],
        rounds: int,
        seed: int,
        jobs: int,
        as_json: bool,
        progress: Meter | None = None,
    ) -> int:
        """Measure the levels ``seats`` against a perfect player and print it; the exit code.
        ``progress`` is told of each stage of the work and of each item done, and every
        stage is over before anything is printed."""
        raise NotImplementedError


def worker_pool(jobs: int) -> Any:
    """A pool of ``jobs`` worker processes started fresh ("forkserver" where the system has
    it, else its default), never forked from this process: a process that already runs
    threads (a window's sound, a voice's speaker, a test's app) can deadlock a forked
    child on a lock one of them held at the fork."""
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else None)
    return context.Pool(jobs)
