"""A statistics file a newer version wrote: the Statistics screen shows its figures
read-only with why (or why alone), refuses Reset, and a game's end says the statistics
were not updated and why; the file is never written."""

from __future__ import annotations

import json

import pytest

from buttons_game import saves, stats
from buttons_game.games.buttons.game import Seat
from buttons_game.i18n import LANGUAGES, set_language, t
from buttons_game.paths import data_dir
from tests.stats.helpers import play_buttons

from .conftest import click_widget, step
from .test_stats_screen import finished_at_the_table, loaded


def newer_file(readable: bool = True) -> bytes:
    """Two games counted, then the file as a newer version might write it."""
    for seed in range(2):
        saves.autosave(play_buttons((Seat("Anna"), Seat("Bo", "hard")), seed))
    stats.refresh()
    path = stats.statistics_path()
    doc = json.loads(path.read_bytes())
    doc |= {"version": 5, "app_version": "7.2", "streaks": {}}
    if not readable:
        doc["players"] = {"buttons": doc["players"]}
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path.read_bytes()


def left_alone(data: bytes) -> bool:
    names = {p.name for p in data_dir().iterdir()}
    return stats.statistics_path().read_bytes() == data and stats.BROKEN_NAME not in names


def open_stats(make_app):
    app = make_app(window=(1280, 720))
    app.show_menu()
    app.show_stats()
    return app, loaded(app)


def test_a_newer_file_is_shown_read_only_with_why_and_reset_is_refused(make_app):
    data = newer_file()
    app, screen = open_stats(make_app)
    why = t("stats.newer", name=stats.FILE_NAME, version="7.2")
    assert "read-only" in why and screen.read_only == why
    assert screen.message == (why, "bad")
    assert screen.stats is not None and screen.stats.totals["buttons"] == 2
    assert [r.name for r in screen.records()] == ["Anna"]
    click_widget(app, screen.reset)
    assert not screen.confirm and screen.yes_reset is None, "Reset never asks"
    assert screen.message == (why, "bad")
    step(app, 2)
    assert left_alone(data)


def test_a_newer_file_whose_figures_cannot_be_read_shows_why_alone(make_app):
    data = newer_file(readable=False)
    app, screen = open_stats(make_app)
    assert screen.stats is None and screen.records() == []
    assert screen.read_only and "7.2" in screen.read_only
    assert screen.message[0] == "", "why is said once, in the figures' place"
    assert not screen.reset.is_enabled
    step(app, 2)
    assert left_alone(data)


def test_a_game_that_ends_beside_a_newer_file_says_the_statistics_were_not_updated(make_app):
    data = newer_file()
    app = make_app(window=(1280, 720))
    game = finished_at_the_table(app)
    notes = [n.text for n in app.notices if n.tone == "bad"]
    assert any(
        note.startswith(t("stats.not_updated", error="")) and "newer version" in note
        for note in notes
    ), notes
    assert saves.autosave_path(game).exists(), "the finished game's save stays"
    assert left_alone(data)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_read_only_note_is_translated(language):
    set_language(language)
    why = t("stats.newer", name=stats.FILE_NAME, version=t("stats.format_version", n=5))
    assert stats.FILE_NAME in why and "5" in why and "%{" not in why
    if language != "en":
        set_language("en")
        assert why != t("stats.newer", name=stats.FILE_NAME, version="5")
