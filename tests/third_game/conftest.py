import importlib

import pytest

from buttons_game.core import register, unregister
from buttons_game.paths import HOME_VARIABLE

from ..ui.conftest import make_app  # noqa: F401  (the UI tests' app fixture, shared here)


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    """Saves and statistics under a temporary BUTTONS_GAME_HOME."""
    monkeypatch.setenv(HOME_VARIABLE, str(tmp_path / "home"))


@pytest.fixture
def nim():
    """The Nim module, its game registered for the test only (the other tests see the
    shipped games alone)."""
    module = importlib.import_module("tests.third_game.nim")
    register(module.KIND)
    yield module
    unregister(module.KIND.id)


@pytest.fixture
def pig():
    """The Pig module (a game with a die), its game registered for the test only."""
    module = importlib.import_module("tests.third_game.pig")
    register(module.KIND)
    yield module
    unregister(module.KIND.id)
