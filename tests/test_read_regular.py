"""Every read of the game's files (statistics, saves, the saves' index) opens without
blocking and checks what it opened: a pipe swapped in after the check for a regular file
is refused at once, never waited on."""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from buttons_game import paths
from buttons_game.saves import SaveFileError
from buttons_game.saves.files import read_bytes
from buttons_game.saves.index import SaveIndex
from buttons_game.saves.listing import _read_index
from buttons_game.stats import StatsFileError, read_statistics

WAIT_SECONDS = 3.0


@pytest.fixture
def swapped_pipe(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A named pipe that the check before opening sees as a regular file: as if the file
    had been swapped for the pipe between the check and the open."""
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    regular = tmp_path / "regular"
    regular.write_bytes(b"{}")
    real_stat = os.stat

    def stat(path: object, *args: object, **kwargs: object) -> os.stat_result:
        if os.fspath(path) == os.fspath(pipe):  # type: ignore[arg-type]
            return real_stat(regular)
        return real_stat(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "stat", stat)
    return pipe


def returns_at_once(read: Callable[[], object], pipe: Path) -> object:
    """What ``read`` returned or raised, run in a thread; fails if it is still waiting
    after WAIT_SECONDS (then the pipe is opened for writing, so the thread ends)."""
    outcome: list[object] = []

    def run() -> None:
        try:
            outcome.append(read())
        except Exception as error:
            outcome.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(WAIT_SECONDS)
    blocked = thread.is_alive()
    if blocked:
        with contextlib.suppress(OSError):  # a writer lets the waiting open go on
            os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))
        thread.join(WAIT_SECONDS)
    assert not blocked, "the read waited on a pipe"
    return outcome[0]


def test_the_helper_refuses_a_pipe_swapped_in_after_the_check(swapped_pipe):
    result = returns_at_once(lambda: paths.read_regular(swapped_pipe, 100), swapped_pipe)
    assert isinstance(result, paths.NotARegularFile)
    assert "not a regular file" in str(result)


def test_the_helper_refuses_a_pipe_and_a_folder_before_opening(tmp_path):
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    for path in (pipe, tmp_path):
        with pytest.raises(paths.NotARegularFile):
            paths.read_regular(path, 100)


def test_the_helper_reads_at_most_one_byte_over_the_limit(tmp_path):
    path = tmp_path / "file"
    path.write_bytes(b"x" * 50)
    assert paths.read_regular(path, 100) == b"x" * 50
    assert paths.read_regular(path, 10) == b"x" * 11
    with pytest.raises(FileNotFoundError):
        paths.read_regular(tmp_path / "missing", 10)


def test_a_statistics_read_does_not_wait_on_a_swapped_pipe(swapped_pipe):
    result = returns_at_once(lambda: read_statistics(swapped_pipe), swapped_pipe)
    assert isinstance(result, StatsFileError) and "not a regular file" in str(result)


def test_a_save_read_does_not_wait_on_a_swapped_pipe(swapped_pipe):
    result = returns_at_once(lambda: read_bytes(swapped_pipe), swapped_pipe)
    assert isinstance(result, SaveFileError) and "not a regular file" in str(result)


def test_the_index_read_does_not_wait_on_a_swapped_pipe(swapped_pipe):
    result = returns_at_once(lambda: _read_index(swapped_pipe), swapped_pipe)
    assert isinstance(result, SaveIndex) and result.changed  # empty: to be rebuilt
