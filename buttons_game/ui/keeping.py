"""Keeping the games of this session: every move autosaved, a finished game counted in
the statistics, and the game that Continue resumes. Any game, through the services.

Nothing here waits for another copy of the app on the window's thread: the start-up
look and a finished game's count try the statistics' lock at once and, when another
copy holds it, go to a worker (``SharedWrites``, ``Background``). A count that failed
(the file could not be read, say) is tried again at the next game's end and at the
next start, and until then its finished save is never pruned."""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from buttons_game import saves, stats
from buttons_game.i18n import t
from buttons_game.locking import WAIT_SECONDS, BusyError, GameLock, remove_idle_game_locks
from buttons_game.paths import saves_dir
from buttons_game.saves.network import NetworkRecord, computer_of, save_key
from buttons_game.settings import warn
from buttons_game.ui.background import Background
from buttons_game.ui.shared_writes import SharedWrites

Notify = Callable[[str, str], None]
INLINE_SAVES = 64  # with more files in the saves folder, the start-up look is in a thread


def _more_files_than(folder: Path, count: int) -> bool:
    try:
        with os.scandir(folder) as entries:
            return any(n >= count for n, _ in enumerate(entries))
    except OSError:
        return False


class GameKeeper:
    """The game at the table, its autosave and its count; says once if saving is off."""

    def __init__(self, notify: Notify, writes: SharedWrites | None = None) -> None:
        self.notify = notify
        self.writes = writes or SharedWrites(notify)
        self.current_game: Any = None
        self.current_network: NetworkRecord | None = None  # the current game's, networked
        self.latest_network: NetworkRecord | None = None  # the last save Continue loaded
        self.saving_off: str | None = saves.storage_problem()  # why games cannot be saved
        self.game_lock = GameLock()
        self.count_failed = False  # a finished game of this session could not be counted
        # Start-up work off the window's thread: the save list's index built (a first
        # start with many saves would hold the menu back) and the statistics brought to
        # agree with the saves.
        self.tidying = Background("saves")
        self.tidied: Future[None] | None = None
        self._begun = False
        if self.saving_off is None:
            saves.remove_stale_temp_files()  # left by saves a crash interrupted
            # started after the first frame (``begin``): the menu's quick look at the
            # newest saves would otherwise wait for this thread at each file; so would
            # another copy holding the statistics' lock
            if _more_files_than(saves_dir(), INLINE_SAVES) or not self._tidy(wait=0.0):
                self.tidied = Future()
        else:
            warn(f"saving is off: {self.saving_off}")
            notify(t("errors.saving_off", why=self.saving_off), "bad")

    def _tidy(self, wait: float = WAIT_SECONDS) -> bool:
        """The start-up look: the statistics first (a finished save a kill left uncounted
        is counted, the listing never prunes one not counted), then the listing. False,
        having done nothing, when another copy held the statistics ``wait`` seconds."""
        try:
            stats.refresh(rebuild=False, wait=wait)
        except BusyError:
            if wait < WAIT_SECONDS:
                return False
            warn("start-up look at the statistics: another copy of the app holds them")
        except Exception as error:  # said where it matters: the Load, statistics screens
            warn(f"start-up look at the saves and statistics: {error}")
        try:
            saves.list_saves()
        except Exception as error:
            warn(f"start-up look at the saves and statistics: {error}")
        return True

    def begin(self) -> None:
        """After the first frame: the start-up look at many saves (or one another copy
        held up) begins, off the window's thread (once); ``tidied`` is done when it is.
        Game locks no copy holds any more are cleared too (thousands take a second)."""
        if self._begun:
            return
        self._begun = True
        if self.saving_off is None:
            self.tidying.submit(remove_idle_game_locks, saves_dir())
        if self.tidied is not None:
            self.tidying.submit(self._tidy_in_background)

    def _tidy_in_background(self) -> None:
        assert self.tidied is not None
        try:
            self._tidy()
        finally:
            self.tidied.set_result(None)

    @property
    def saves_known(self) -> bool:
        """The start-up look at the saves is done (or never started)."""
        return self.tidied is None or self.tidied.done()

    def close(self) -> None:
        """The app is closing: start-up work still running is asked to stop."""
        self.tidying.shutdown()
        self.game_lock.release()

    def paused_game(self) -> Any:
        """The unfinished game of this session that Continue resumes."""
        game = self.current_game
        return game if game is not None and not game.state.is_over() else None

    def can_continue(self) -> bool:
        """A game to continue: this session's, or an unfinished save (also in a saves
        folder that cannot be written: the game is played on without saving)."""
        if self.paused_game() is not None:
            return True
        try:
            if not self.saves_known:
                info, _ = saves.quick_latest_unfinished()
                return info is not None
            return saves.latest_unfinished() is not None
        except (OSError, ValueError):
            return False

    def game_to_continue(self) -> Any:
        """This session's unfinished game, else the most recent unfinished save (None,
        with a notice why, when there is none or it cannot be read)."""
        game = self.paused_game()
        if game is not None:
            return game
        try:
            info = saves.latest_unfinished()
        except OSError as error:
            self.notify(str(error), "bad")
            return None
        if info is None:
            self.notify(t("saves.nothing_to_continue"), "bad")
            return None
        try:
            saved = saves.read_save(info.path)
        except saves.SaveFileError as error:
            self.notify(str(error), "bad")
            return None
        self.latest_network = saved.network if saved.name is None else None
        return saved.game if saved.name is None else saved.game.fork()

    def network_of_latest(self) -> NetworkRecord | None:
        """The network record of the save ``game_to_continue`` last loaded (None: local)."""
        return self.latest_network

    def claim(self, game: Any, network: NetworkRecord | None = None) -> Any:
        """The game to play at this copy's table: ``game`` itself, or a copy of it with
        its own id (and a notice) when another copy of the app is playing it now, so
        the two never write the same autosave. A networked game is claimed for this
        computer (``network``): a host's and a guest's window share no autosave."""
        if self.saving_off or game.state.is_over():
            return game
        try:
            free = self.game_lock.claim(saves_dir(), save_key(game.game_id, computer_of(network)))
        except OSError as error:
            warn(f"cannot lock the game: {error}")
            return game
        if free or network is not None:
            return game  # a networked game is the host's: never forked here
        copy = game.fork()
        self.game_lock.claim(saves_dir(), copy.game_id)
        self.notify(t("saves.open_elsewhere"), "bad")
        return copy

    def changed(self, game: Any, network: NetworkRecord | None = None) -> None:
        """Every move of the game at the table: remember it and autosave it. A game that
        ended is saved first, then counted in the statistics, and only then may older
        finished autosaves be pruned: a kill between any two leaves a finished save the
        next look at the statistics counts, never a count ahead of its save. ``network``:
        a networked game's record, saved with it and keying its autosave and count."""
        self.current_game, self.current_network = game, network
        if self.saving_off:
            return  # said once at start-up
        over = game.state.is_over()
        try:
            saves.autosave(game, prune=False, network=network)
        except Exception as error:  # a save that fails is told; it never stops the game
            warn(f"autosave failed: {error}")
            self.notify(t("saves.autosave_failed", error=str(error)), "bad")
            return
        if over:
            self.count_finished(game, network)

    def count_finished(self, game: Any, network: NetworkRecord | None = None) -> None:
        """Add a finished game to the statistics (once per game, however often it is
        called), then prune old finished autosaves (only games counted go); at once, or
        by the worker when another copy holds the statistics. A count that fails is told
        and tried again at the next game's end (and the next start)."""
        self.writes.run(
            f"count {save_key(game.game_id, computer_of(network))}",
            stats.FILE_NAME,
            lambda wait: self._count(game, wait, network),
            self._counted,
            self._not_counted,
        )

    def _count(
        self, game: Any, wait: float, network: NetworkRecord | None = None
    ) -> stats.Refreshed:
        counted = stats.record_game(game, wait=wait, network=network)
        if self.count_failed:  # an earlier game of this session: counted now
            stats.refresh(wait=wait)
            self.count_failed = False
        try:
            saves.prune_finished_autosaves()
        except OSError as error:
            warn(f"old finished autosaves were not pruned: {error}")
        return counted

    def _counted(self, counted: stats.Refreshed) -> None:
        if counted.broken:
            warn(f"the statistics file was broken and is rebuilt: {counted.broken}")
            self.notify(t("stats.rebuilt", error=counted.broken, name=counted.kept_as), "bad")

    def _not_counted(self, error: Exception) -> None:
        self.count_failed = True  # its finished save stays until it is counted
        warn(f"the statistics were not updated: {error}")
        self.notify(t("stats.not_updated", error=str(error)), "bad")
