"""Another copy of the app stopped while it holds a lock (Ctrl-Z, a debugger, a hung
network disk): real processes. Nothing on the window's thread waits for it: the start-up
look, a finished game's count, a settings change and the Load list go on at once, what
must be written is written once it lets go; and two real windows changing settings keep
every field as it was last chosen."""

from __future__ import annotations

import json
import os
import random
import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import pytest

from buttons_game import i18n, saves, stats
from buttons_game.i18n import t
from buttons_game.paths import HOME_VARIABLE
from buttons_game.settings import JOURNAL_PREFIX, Settings, load_settings, settings_path
from buttons_game.ui import shared_writes
from buttons_game.ui.keeping import GameKeeper
from buttons_game.ui.preferences import Preferences
from tests.saves.helpers import random_game
from tests.ui.test_settings_copies import CHOICES

from .test_two_copies import start


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    folder = tmp_path / "home"
    monkeypatch.setenv(HOME_VARIABLE, str(folder))
    return folder


AT_ONCE = 5.0  # seconds: far below the 20 s a lock was waited for, far above a busy frame


class Stopped:
    """A copy of the app holding the locks of some shared files, stopped."""

    def __init__(self, home: Path, names: tuple[str, ...]) -> None:
        self.child = start(home, "lock", *names)
        assert self.child.stdout is not None and self.child.stdout.readline() == "locked\n"
        os.kill(self.child.pid, signal.SIGSTOP)
        self.gone = False

    def let_go(self) -> None:
        """The copy goes on and closes (its locks go with it)."""
        if not self.gone:
            self.gone = True
            os.kill(self.child.pid, signal.SIGCONT)
            self.child.communicate(timeout=60)


@contextmanager
def stopped_copy(home: Path, *names: str) -> Iterator[Stopped]:
    copy = Stopped(home, names)
    try:
        yield copy
    finally:
        copy.let_go()


def timed(call):
    began = time.monotonic()
    result = call()
    return result, time.monotonic() - began


@pytest.mark.slow
def test_the_start_up_look_goes_on_while_a_stopped_copy_holds_the_statistics(home):
    played = random_game(random.Random(11), 2)
    stats.record_game(played.fork())  # a statistics file to bring up to date
    uncounted = played.fork()
    saves.autosave(uncounted, prune=False)  # a kill left it uncounted
    with stopped_copy(home, "statistics") as copy:
        keeper, took = timed(lambda: GameKeeper(lambda text, tone: None))
        assert took < AT_ONCE
        assert keeper.tidied is not None and not keeper.saves_known
        keeper.begin()
        time.sleep(0.3)
        assert not keeper.saves_known  # the worker waits for the other copy
        copy.let_go()
        keeper.tidied.result(timeout=60)
    counted = stats.read_statistics()
    assert counted is not None and counted.has_counted(uncounted.game_id)
    keeper.close()


@pytest.mark.slow
def test_a_games_end_goes_on_while_a_stopped_copy_holds_the_statistics(home, monkeypatch):
    i18n.install("en")
    told: list[tuple[str, str]] = []
    keeper = GameKeeper(lambda text, tone: told.append((text, tone)))
    game = random_game(random.Random(12), 3).fork()
    with stopped_copy(home, "statistics") as copy:
        _, took = timed(lambda: keeper.changed(game))
        assert took < AT_ONCE
        assert keeper.writes.waiting
        assert game.game_id in {i.game_id for i in saves.list_saves()}, "saved at once"
        monkeypatch.setattr(shared_writes, "TELL_AFTER", 0.0)
        keeper.writes.poll()
        assert told[-1] == (t("shared.waiting", file="statistics.json"), "bad")
        copy.let_go()
        assert keeper.writes.settle(timeout=60)
    assert told[-1] == (t("shared.written", file="statistics.json"), "good")
    counted = stats.read_statistics()
    assert counted is not None and counted.has_counted(game.game_id)
    keeper.close()


@pytest.mark.slow
def test_a_settings_change_a_stopped_copy_holds_up_is_kept_through_closing(home):
    prefs = Preferences(None, lambda text, tone: None, True)
    with stopped_copy(home, "settings") as copy:
        _, took = timed(prefs.toggle_mute)
        assert took < AT_ONCE and prefs.settings.mute
        _, took = timed(lambda: prefs.save(replace(prefs.settings, effects_volume=15)))
        assert took < AT_ONCE
        _, took = timed(prefs.close)  # the window closes: nothing waits
        assert took < AT_ONCE
        prefs.writes.close()
        assert list(settings_path().parent.glob(JOURNAL_PREFIX + "*"))
        copy.let_go()
    again = Preferences(None, lambda text, tone: None, True)  # the next start
    assert again.writes.settle(timeout=60)
    settings, problem = load_settings(settings_path())
    assert problem is None and settings.mute and settings.effects_volume == 15
    assert not list(settings_path().parent.glob(JOURNAL_PREFIX + "*"))


@pytest.mark.slow
def test_the_load_list_never_waits_for_a_stopped_copy_holding_the_index(home):
    played = random_game(random.Random(13), 2)
    for _ in range(5):
        saves.autosave(played.fork(), prune=False)
    with stopped_copy(home, "index"):
        infos, took = timed(saves.list_saves)
        assert took < 1.0  # the index was waited for 2 s
        assert len(infos) == 5
        info, took = timed(saves.latest_unfinished)
        assert took < 1.0 and info is None


@pytest.mark.slow
def test_two_real_windows_changing_settings_in_turn_leave_every_field_as_last_chosen(home):
    windows = [start(home, "prefs") for _ in range(2)]
    for window in windows:
        assert window.stdout is not None and window.stdout.readline() == "ready\n"
    rng = random.Random(7)
    seen: list[dict[str, object]] = [{}, {}]  # what each window's settings say
    last: dict[str, object] = {}
    writes = 0
    while writes < 300:
        which = rng.randrange(2)
        field = rng.choice(sorted(CHOICES))
        value = rng.choice(CHOICES[field])
        if seen[which].get(field, getattr(Settings(), field)) == value:
            continue
        window = windows[which]
        assert window.stdin is not None and window.stdout is not None
        window.stdin.write(f"{field} {json.dumps(value)}\n")
        window.stdin.flush()
        assert window.stdout.readline() == "ok\n"
        seen[which][field] = value
        last[field] = value
        writes += 1
    for window in windows:
        _, err = window.communicate(timeout=60)
        assert window.returncode == 0, err
    settings, problem = load_settings(settings_path())
    assert problem is None
    wrong = {f: getattr(settings, f) for f, v in last.items() if getattr(settings, f) != v}
    assert wrong == {}
