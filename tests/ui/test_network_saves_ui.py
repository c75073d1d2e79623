"""A networked game's saves in the window: the Load list marks them (host or guest), and
their replay says whether every roll verifies, or names the first that does not."""

from __future__ import annotations

import json
from typing import Any

import pygame
import pytest

from buttons_game import saves
from buttons_game.i18n import t
from buttons_game.net.verify import Verdict
from buttons_game.saves.network import guest_record, host_record
from buttons_game.ui.screens.menu import MainMenu
from buttons_game.ui.screens.replay_screen import ReplayScreen, verdict_words
from buttons_game.ui.screens.saves_screen import describe
from tests.net import test_host_guest as net

from .conftest import click_widget, step


@pytest.fixture(scope="module")
def table() -> Any:
    played = net.hosted("kopf", ("easy", None), seed=41, short=True)
    net.play_out(played, seed=4)
    return played


def _open_replay(app, name: str) -> ReplayScreen:
    app.push(MainMenu(app))
    step(app, 2)
    click_widget(app, app.top.load)
    button = next(b for info, b in app.top.replay_buttons if info.name == name)
    click_widget(app, button)
    assert isinstance(app.top, ReplayScreen)
    step(app, 2)
    return app.top


def test_the_load_list_marks_a_networked_game_with_its_role(table):
    guest = table.guests["peer-1"]
    saves.save_as(guest.game, "At Ann's", network=guest_record(guest))
    saves.save_as(table.host.match.game, "Hosted", network=host_record(table.host))
    saves.save_as(table.host.match.game, "Alone")
    lines = {info.name: describe(info)[0] for info in saves.list_saves()}
    assert lines["At Ann's"].startswith(f"At Ann's · {t('saves.networked_guest')} · ")
    assert lines["Hosted"].startswith(f"Hosted · {t('saves.networked_host')} · ")
    assert t("saves.networked_guest") not in lines["Alone"]
    assert t("saves.networked_host") not in lines["Alone"]


def test_the_replay_of_a_networked_save_says_its_dice_are_verified(make_app, table):
    saves.save_as(table.host.match.game, "Hosted", network=host_record(table.host))
    app = make_app()
    screen = _open_replay(app, "Hosted")
    assert screen.verdict is not None and screen.verdict.verified
    assert verdict_words(screen.verdict) == (t("replay.verified"), "good")
    before = pygame.Surface(app.surface.get_size())
    screen.verdict = None
    screen.draw(before)
    screen.verdict = Verdict()
    after = pygame.Surface(app.surface.get_size())
    screen.draw(after)
    head = screen.panel.head
    changed = [
        (x, y)
        for x in range(head.left, head.right)
        for y in range(head.top, head.bottom)
        if before.get_at((x, y)) != after.get_at((x, y))
    ]
    assert changed, "the verdict is drawn in the panel's head"
    assert min(x for x, _ in changed) > head.centerx - head.width // 4, "at its right"


def test_the_replay_of_a_tampered_save_names_the_draw(make_app, table):
    path = saves.save_as(table.host.match.game, "Tampered", network=host_record(table.host))
    doc = json.loads(path.read_text(encoding="utf-8"))
    reveal = doc["network"]["proofs"]["draws"][0][1]
    doc["network"]["proofs"]["draws"][0][1] = ("1" if reveal[0] == "0" else "0") + reveal[1:]
    path.write_text(json.dumps(doc), encoding="utf-8")
    app = make_app()
    screen = _open_replay(app, "Tampered")
    assert screen.verdict is not None and screen.verdict.draw == 0
    assert verdict_words(screen.verdict) == (t("replay.not_verified", draw=0), "bad")


def test_the_replay_of_a_game_of_one_computer_says_nothing_of_dice(make_app, table):
    saves.save_as(table.host.match.game, "Alone")
    app = make_app()
    screen = _open_replay(app, "Alone")
    assert screen.verdict is None and verdict_words(None) is None


def test_every_language_words_the_verdict():
    for words in (
        verdict_words(Verdict()),
        verdict_words(Verdict("roll", 7, 12, "x", "y")),
        verdict_words(Verdict("illegal", None, 12, "x", "y")),
    ):
        assert words is not None and words[0] and "%{" not in words[0]


def test_loading_a_networked_save_says_it_goes_on_at_this_table_alone(make_app):
    """Its other computers are not here: the game goes on with every seat at this table,
    and the window says so rather than doing it silently."""
    played = net.hosted("kopf", ("easy", None), seed=43, short=True)
    saves.save_as(played.host.match.game, "Half way", network=host_record(played.host))
    app = make_app()
    app.push(MainMenu(app))
    step(app, 2)
    click_widget(app, app.top.load)
    load = next(first for info, first, _ in app.top.row_buttons if info.name == "Half way")
    click_widget(app, load)
    step(app, 2)
    assert any(n.text == t("saves.networked_here") for n in app.notices)
    assert app.current_game is not None
    assert app.current_game.state.history() == played.host.match.state.history()
