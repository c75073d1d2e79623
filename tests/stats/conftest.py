import pytest

from buttons_game.paths import HOME_VARIABLE


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    """Every statistics test reads and writes under a temporary BUTTONS_GAME_HOME."""
    folder = tmp_path / "home"
    monkeypatch.setenv(HOME_VARIABLE, str(folder))
    return folder
