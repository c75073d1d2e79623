"""Keeping the games of this session: every move autosaved, a finished game counted in
the statistics, and the game that Continue resumes. Any game, through the services."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from buttons_game import saves, stats
from buttons_game.i18n import t
from buttons_game.settings import warn

Notify = Callable[[str, str], None]


class GameKeeper:
    """The game at the table, its autosave and its count; says once if saving is off."""

    def __init__(self, notify: Notify) -> None:
        self.notify = notify
        self.current_game: Any = None
        self.saving_off: str | None = saves.storage_problem()  # why games cannot be saved
        if self.saving_off is None:
            saves.remove_stale_temp_files()  # left by saves a crash interrupted
        else:
            warn(f"saving is off: {self.saving_off}")
            notify(t("errors.saving_off", why=self.saving_off), "bad")

    def paused_game(self) -> Any:
        """The unfinished game of this session that Continue resumes."""
        game = self.current_game
        return game if game is not None and not game.state.is_over() else None

    def can_continue(self) -> bool:
        if self.paused_game() is not None:
            return True
        if self.saving_off:
            return False
        try:
            return saves.latest_unfinished() is not None
        except OSError:
            return False

    def game_to_continue(self) -> Any:
        """This session's unfinished game, else the most recent unfinished save (None,
        with a notice why, when there is none or it cannot be read)."""
        game = self.paused_game()
        if game is not None:
            return game
        try:
            info = None if self.saving_off else saves.latest_unfinished()
        except OSError as error:
            self.notify(str(error), "bad")
            return None
        if info is None:
            self.notify(t("saves.nothing_to_continue"), "bad")
            return None
        try:
            return saves.load_game(info.path)
        except saves.SaveFileError as error:
            self.notify(str(error), "bad")
            return None

    def changed(self, game: Any) -> None:
        """Every move of the game at the table: remember it and autosave it; a game that
        ended is counted in the statistics first (its autosave may prune older ones)."""
        self.current_game = game
        if self.saving_off:
            return  # said once at start-up
        if game.state.is_over():
            self.count_finished(game)
        try:
            saves.autosave(game)
        except Exception as error:  # a save that fails is told; it never stops the game
            warn(f"autosave failed: {error}")
            self.notify(t("saves.autosave_failed", error=str(error)), "bad")

    def count_finished(self, game: Any) -> None:
        """Add a finished game to the statistics (once per game, however often it is called)."""
        try:
            counted = stats.record_game(game)
        except Exception as error:  # nor does a count that fails
            warn(f"the statistics were not updated: {error}")
            self.notify(t("stats.not_updated", error=str(error)), "bad")
            return
        if counted.broken:
            warn(f"the statistics file was broken and is rebuilt: {counted.broken}")
            self.notify(t("stats.rebuilt", error=counted.broken, name=stats.BROKEN_NAME), "bad")
