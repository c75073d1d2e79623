"""Folders: made private, and a folder that cannot be used is one StorageError with a short
message naming it, never a random OSError; storage_problem asks once whether saving works."""

import errno
import os
import random
import stat
import tempfile

import pytest

from buttons_game import paths
from buttons_game.paths import StorageError, config_dir, data_dir, saves_dir, storage_problem
from buttons_game.saves import autosave, latest_unfinished, list_saves, save_as

from .helpers import random_game

GAME = random_game(random.Random(61), 2, steps=10)
POSIX = os.name == "posix"


def mode(path):
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.mark.skipif(not POSIX, reason="folder modes are POSIX")
def test_new_folders_are_for_their_owner_only(home):
    assert mode(saves_dir()) == mode(data_dir()) == mode(config_dir()) == 0o700


@pytest.mark.skipif(not POSIX, reason="folder modes are POSIX")
def test_an_existing_saves_folder_open_to_others_is_made_private(home):
    folder = home / "data" / "saves"
    folder.mkdir(parents=True)
    os.chmod(folder, 0o755)
    assert saves_dir() == folder
    assert mode(folder) == 0o700
    os.chmod(folder, 0o500)
    saves_dir()
    assert mode(folder) == 0o500, "only group and other access is taken away"
    os.chmod(folder, 0o700)


@pytest.mark.skipif(not POSIX, reason="folder modes are POSIX")
def test_existing_data_and_config_folders_open_to_all_are_made_private(home):
    for name, folder_of in (("data", data_dir), ("config", config_dir)):
        folder = home / name
        folder.mkdir(parents=True)
        os.chmod(folder, 0o777)
        assert folder_of() == folder
        assert mode(folder) == 0o700, name


@pytest.mark.skipif(not POSIX, reason="folder modes are POSIX")
def test_a_folder_someone_else_owns_is_left_as_it_is(home, monkeypatch):
    folder = home / "data" / "saves"
    folder.mkdir(parents=True)
    os.chmod(folder, 0o755)
    monkeypatch.setattr(os, "geteuid", lambda: os.stat(folder).st_uid + 1)
    saves_dir()
    assert mode(folder) == 0o755


def check(error, *words):
    message = str(error.value)
    assert isinstance(error.value, OSError) and len(message) < 300
    for word in words:
        assert word in message, message
    return message


def test_a_home_that_is_a_file_is_named_in_one_error(home):
    home.parent.mkdir(parents=True, exist_ok=True)
    home.write_text("not a folder")
    for ask in (data_dir, config_dir, saves_dir, list_saves, latest_unfinished):
        with pytest.raises(StorageError) as error:
            ask()
        check(error, f"{home} is a file, not a folder")
        assert error.value.reason == "not_a_folder" and error.value.folder == home
    with pytest.raises(StorageError, match="is a file, not a folder"):
        autosave(GAME)
    assert storage_problem() == f"{home} is a file, not a folder"


def test_a_saves_folder_that_is_a_file(home):
    (home / "data").mkdir(parents=True)
    (home / "data" / "saves").write_text("not a folder")
    with pytest.raises(StorageError) as error:
        list_saves()
    check(error, "saves is a file, not a folder")
    assert "is a file" in storage_problem()


def test_mkdir_without_permission_is_a_storage_error(home, monkeypatch):
    """A read-only or unwritable home (as when HOME cannot be written): simulated, since
    tests may run as root, for whom permissions do not stop mkdir."""

    def refuse(path, mode=0o777, *args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied", str(path))

    monkeypatch.setattr(os, "mkdir", refuse)
    for ask in (data_dir, config_dir, saves_dir, list_saves, latest_unfinished):
        with pytest.raises(StorageError) as error:
            ask()
        check(error, "no permission to write in")
        assert error.value.reason == "no_permission"
    assert storage_problem().startswith("no permission to write in ")


def test_a_read_only_disk_is_a_storage_error(home, monkeypatch):
    def read_only(path, mode=0o777, *args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system", str(path))

    monkeypatch.setattr(os, "mkdir", read_only)
    with pytest.raises(StorageError) as error:
        list_saves()
    check(error, "is on a read-only disk")
    assert error.value.reason == "read_only"


def test_a_folder_where_files_cannot_be_written(home, monkeypatch):
    saves_dir()  # the folders exist; writing in them fails

    def refuse(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    message = storage_problem()
    assert message == f"no permission to write in {saves_dir()}"
    with pytest.raises(StorageError, match="no permission to write in"):
        autosave(GAME)
    with pytest.raises(StorageError, match="no permission to write in"):
        save_as(GAME, "Sunday")
    assert list_saves() == [], "listing still works where nothing can be written"


def test_a_full_disk_is_a_storage_error_naming_the_folder(home, monkeypatch):
    saves_dir()
    real_fdopen = os.fdopen

    class Full:
        def __init__(self, fd, *args, **kwargs):
            self.file = real_fdopen(fd, *args, **kwargs)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.file.close()

        def write(self, data):
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fdopen", Full)
    with pytest.raises(StorageError) as error:
        autosave(GAME)
    check(error, "cannot write in", "No space left on device")
    assert [p.name for p in saves_dir().iterdir()] == [], "no temporary file is left"


@pytest.mark.skipif(not POSIX, reason="chmod read-only folders are POSIX")
def test_a_read_only_saves_folder(home):
    folder = saves_dir()
    autosave(GAME)
    os.chmod(folder, 0o500)
    try:
        if os.access(folder, os.W_OK):
            pytest.skip(
                "running as root (or with CAP_DAC_OVERRIDE): chmod 0500 does not stop writing; "
                "test_a_folder_where_files_cannot_be_written covers this case by monkeypatching"
            )
        assert storage_problem() == f"no permission to write in {folder}"
        with pytest.raises(StorageError, match="no permission to write in"):
            save_as(GAME, "Sunday")
        assert [info.game_id for info in list_saves()] == [GAME.game_id]
    finally:
        os.chmod(folder, 0o700)


def test_storage_problem_is_none_where_saving_works_and_leaves_nothing(home):
    assert storage_problem() is None
    assert list(saves_dir().iterdir()) == []
    assert paths.PROBE_PREFIX.startswith(".") and paths.PROBE_SUFFIX == ".tmp"


def test_a_saves_folder_that_cannot_be_read_is_a_storage_error(home, monkeypatch):
    saves_dir()

    def refuse(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "listdir", refuse)
    for ask in (list_saves, latest_unfinished):
        with pytest.raises(StorageError) as error:
            ask()
        check(error, f"no permission to read {saves_dir()}")
