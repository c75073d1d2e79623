"""Every screen speaks: its title when it appears, the focused control with its state as
Tab moves ("Bot level, drop-down, medium"), a drop-down's new value, the notices, F1 (the
screen's keys); Settings → Speech; the first start (a screen reader found or not)."""

from __future__ import annotations

import os
import threading

import pygame
import pytest

from buttons_game import i18n
from buttons_game.i18n import t
from buttons_game.settings import load_settings
from buttons_game.speech.backends import Recording
from buttons_game.ui.screens.menu import MainMenu
from buttons_game.ui.screens.settings_screen import SettingsScreen

from ..soak import quick_twins
from .conftest import press, settle

LANGUAGES = ("en", "de", "fr", "it", "ja")
# Words the same in every language: the games' names and what a number or a size says.
NAMES = {"BUTTONS", "Kopf oder Knopf", "OK"}


def spoken(app) -> list[str]:
    speaker = app.voice.speaker
    assert speaker is not None and isinstance(speaker.backend, Recording)
    return [said.text for said in speaker.history]


def speaking_app(make_app, language: str = "en", home=None, window=(1280, 720)):
    """The app at the main menu with speech on; ``home``: a user folder of its own (a first
    start there too, as the other language's app had)."""
    if home is not None:
        os.environ["BUTTONS_GAME_HOME"] = str(home)
    app = make_app(language=language, window=window)
    app.show_menu()
    settle(app)
    if not app.voice.on:
        press(app, pygame.K_F12)  # speech on (kept for the next app of the test)
    assert app.voice.on
    # A bot's next move waits for the announcement's speaking time (a real clock's): these
    # walks look at screens, not at the pace of play, so every announcement is said at once.
    app.voice.busy = lambda: False
    return app


def said_by(app, action) -> list[str]:
    """What the app says while ``action`` runs (and the frames after it)."""
    before = app.voice.said
    action()
    settle(app)
    count = app.voice.said - before  # the history keeps the last 500 only
    return spoken(app)[len(spoken(app)) - count :] if count else []


# ---------------------------------------------------------------- the walk of every screen
def tab_round(app) -> list[tuple[str, str]]:
    """Tab once round every control of the screen on top: each control's name and what
    was said for it."""
    heard = []
    for _ in range(len(app.top.focusable())):
        said = said_by(app, lambda: press(app, pygame.K_TAB))
        control = app.screen_speech.control
        heard.append((control.name if control else "", " ".join(said)))
    return heard


def labels(app) -> list[str]:
    """The focusable controls of the screen on top by what they hold (a translation key,
    the same in every language), a repeated one numbered."""
    out: list[str] = []
    for w in app.top.focusable():
        text = str(getattr(w, "text", "") or type(w).__name__)
        out.append(f"{text}#{sum(o.split('#')[0] == text for o in out)}")
    return out


def walk(app, depth: int = 3) -> dict[str, list[str]]:
    """From the main menu, press every button of every screen reached (``depth`` presses
    deep, the way there taken again with Enter each time): per screen, the way
    there and what it said, its title and then each control as Tab reached it."""
    found: dict[str, list[str]] = {}
    seen: set[str] = set()
    queue: list[tuple[str, ...]] = [()]
    while queue:
        path = queue.pop(0)
        heard = said_by(app, lambda path=path: go(app, path))
        if not app.running:  # Quit
            app.running = True
            continue
        key = type(app.top).__name__ + ":" + app.top.screenshot_key()
        if key in seen:
            continue
        seen.add(key)
        title = " ".join(app.top.speech_title().split())  # as the speaker says it
        assert title and title in heard, (path, heard, title)
        controls = tab_round(app)
        for name, said in controls:
            assert name and said, f"{key}: a control without a name, or silent: {said!r}"
        found[key] = [title, *(said for _, said in controls)]
        if len(path) < depth:
            buttons = [
                label
                for label, w in zip(labels(app), app.top.focusable(), strict=True)
                if type(w).__name__ == "UIButton"
            ]
            queue += [(*path, label) for label in buttons]
    return found


def go(app, path: tuple[str, ...]) -> None:
    """The main menu afresh, then for each step that control focused and Enter pressed (Tab
    itself is heard on every screen in ``tab_round``)."""
    app.show_menu()
    settle(app)
    for label in path:
        if label not in labels(app):
            return
        app.top.focus = app.top.focusable()[labels(app).index(label)]
        press(app, pygame.K_RETURN)
        settle(app)
        if not app.running:
            return


ENGLISH: dict[str, dict[str, list[str]]] = {}  # the English walk, once per process
WALK_WINDOW = (960, 600)  # the smallest window: what is said does not depend on its size


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES[1:])
def test_every_screen_speaks_its_title_and_controls_in_each_language(make_app, language, tmp_path):
    if "walk" not in ENGLISH:  # walked once for every language of this run
        ENGLISH["walk"] = walk(speaking_app(make_app, "en", tmp_path / "en", WALK_WINDOW))
    english = ENGLISH["walk"]
    found = walk(speaking_app(make_app, language, tmp_path / language, WALK_WINDOW))
    assert found.keys() == english.keys()
    assert len(found) >= 20, "the walk reaches the screens, the tables and the pause menu"
    assert "SettingsScreen:settings-speech" in found
    for screen, texts in found.items():
        for said, said_in_english in zip(texts, english[screen], strict=True):
            assert said != said_in_english or said in NAMES, f"English at {screen}: {said!r}"


def test_every_screen_one_press_from_the_menu_speaks_in_german(make_app, tmp_path):
    """The quick twin: the screens one press from the main menu, in German."""
    english = walk(speaking_app(make_app, "en", tmp_path / "en"), depth=1)
    found = walk(speaking_app(make_app, "de", tmp_path / "de"), depth=1)
    assert found.keys() == english.keys() and len(found) >= 7
    for screen, texts in found.items():
        for said, said_in_english in zip(texts, english[screen], strict=True):
            assert said != said_in_english or said in NAMES, f"English at {screen}: {said!r}"


def deeper_screens(app) -> dict[str, list[str]]:
    """The screens a game leads to, opened directly: the stars, save as, game over and the
    replay of both games. Per screen: its title as said, then each control Tab reaches."""
    import random

    from buttons_game.games.buttons.engine import Phase, random_game
    from buttons_game.games.buttons.game import Game
    from buttons_game.ui.scenes import mid_game, seats

    from .test_text_size import finished_kopf

    over = Game(seats(4, 2), random_game(4, random.Random(3), seed=3))
    openers = {
        "stars": lambda: app.start_game(mid_game(3, humans=3, phase=Phase.STARS)),
        "save-as": lambda: app.show_save_as(mid_game(3, humans=1)),
        "over": lambda: app.show_game_over(over),
        "replay": lambda: app.show_replay(over),
        "kopf-over": lambda: app.show_game_over(finished_kopf()),
        "kopf-replay": lambda: app.show_replay(app.top.game),
    }
    found = {}
    for name, opener in openers.items():
        heard = said_by(app, opener)
        title = " ".join(app.top.speech_title().split())
        assert title and title in heard, (name, heard)
        controls = tab_round(app)
        assert controls and all(n and said for n, said in controls), (name, controls)
        found[name] = [title, *(said for _, said in controls)]
    return found


@pytest.mark.parametrize("language", quick_twins(LANGUAGES[1:], "ja"))
def test_the_screens_a_game_leads_to_speak_in_each_language(make_app, tmp_path, language):
    english = deeper_screens(speaking_app(make_app, "en", tmp_path / "en"))
    found = deeper_screens(speaking_app(make_app, language, tmp_path / language))
    assert found.keys() == english.keys()
    for screen, texts in found.items():
        assert len(texts) == len(english[screen])
        for said, said_in_english in zip(texts, english[screen], strict=True):
            assert said != said_in_english or said in NAMES, f"English at {screen}: {said!r}"


# ---------------------------------------------------------------- focus, values, notices
def test_tab_says_a_button_and_a_dropdown_with_its_value_and_left_right_its_new_value(make_app):
    app = speaking_app(make_app)
    heard = said_by(app, lambda: app.show_settings())
    assert heard == [t("settings.title") + ": " + t("settings.section_general")]
    assert said_by(app, lambda: press(app, pygame.K_TAB)) == [
        "General, button, chosen"
    ]  # the section shown
    press(app, pygame.K_TAB)  # Speech
    press(app, pygame.K_TAB)  # Network
    assert said_by(app, lambda: press(app, pygame.K_TAB)) == ["Language, drop-down, English"]
    assert said_by(app, lambda: press(app, pygame.K_DOWN)).pop().startswith("Window size, drop")
    for _ in range(2):
        press(app, pygame.K_DOWN)
    assert said_by(app, lambda: press(app, pygame.K_RIGHT)) == [t("settings.fast")]
    assert app.settings.animation == "fast"


def test_a_text_field_is_said_with_its_text_and_a_disabled_button_as_unavailable(make_app):
    app = speaking_app(make_app)
    app.show_setup("buttons")
    settle(app)
    said = []
    for _ in range(len(app.top.focusable())):
        said += said_by(app, lambda: press(app, pygame.K_TAB))
    name = app.top.rows[0]["name"].get_text()
    assert f"Seat 1, Name, edit text, {name}" in said
    assert "Seat 2, Player, drop-down, Bot: medium" in said
    control = app.screen_speech.control
    app.top.start.disable()
    app.top.focus = app.top.start
    assert said_by(app, lambda: app.step(0.02)) == [f"{app.top.start.text}, button, unavailable"]
    assert control is not None


def test_notices_are_spoken(make_app):
    app = speaking_app(make_app)
    assert said_by(app, lambda: app.notify("Saved as Tuesday.", "good")) == ["Saved as Tuesday."]


def test_notices_are_not_spoken_while_speech_is_off(make_app):
    app = make_app()
    app.show_menu()
    settle(app)
    app.voice.hint("a hint")  # a speaker exists, speech is off
    before = len(spoken(app))
    app.notify("Saved as Tuesday.", "good")
    assert len(spoken(app)) == before


def test_f1_says_the_keys_of_the_screen(make_app):
    app = speaking_app(make_app, "fr")
    app.show_settings()
    settle(app)
    said = said_by(app, lambda: press(app, pygame.K_F1))
    assert len(said) == 1
    text = said[0]
    assert text.startswith(app.top.speech_title())
    for key in app.top.speech_keys():
        assert key.rstrip(". ") in text
    assert t("speech.key_f12") in text and "F12" in text


def test_f1_is_silent_while_speech_is_off(make_app):
    app = make_app()
    app.show_menu()
    settle(app)
    press(app, pygame.K_F1)
    assert app.voice.speaker is None


# ---------------------------------------------------------------- Settings → Speech
def test_the_speech_section_turns_speech_on_sets_its_rate_and_how_much_is_said(make_app):
    app = make_app(window=(1280, 720))
    app.push(MainMenu(app))
    app.push(SettingsScreen(app))
    settle(app)
    for _ in range(2):
        press(app, pygame.K_TAB)  # the Speech tab
    press(app, pygame.K_RETURN)
    settle(app)
    screen = app.top
    assert screen.section == "speech" and [k for k, _ in screen.rows] == [
        "settings.speech",
        "settings.speech_rate",
        "settings.speech_detail",
    ]
    assert screen.speech.selected_option[1] == "off" and not app.voice.on
    press(app, pygame.K_TAB)  # the Network tab
    press(app, pygame.K_TAB)
    press(app, pygame.K_RIGHT)  # Off → On: on, by the keyboard alone
    settle(app)
    assert app.voice.on and app.settings.speech is True
    assert t("speech.on") in spoken(app)
    heard = said_by(app, lambda: press(app, pygame.K_DOWN))
    assert heard == ["Speech rate, drop-down, 100%"]
    assert said_by(app, lambda: press(app, pygame.K_RIGHT)) == ["125%"]
    assert app.settings.speech_rate == 125 and app.voice.speaker.rate == 1.25
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RIGHT)
    settle(app)
    assert app.settings.speech_detail == "mine"
    saved = load_settings()[0]
    assert (saved.speech, saved.speech_rate, saved.speech_detail) == (True, 125, "mine")
    press(app, pygame.K_UP)
    press(app, pygame.K_UP)
    press(app, pygame.K_LEFT)  # On → Off
    settle(app)
    assert not app.voice.on and app.settings.speech is False


def test_the_speech_section_in_five_languages_names_its_rows(make_app):
    for language in LANGUAGES:
        app = make_app(language=language)
        app.push(SettingsScreen(app))
        app.top.show_section("speech")
        settle(app)
        names = [app.top.control_name(w) for w in (app.top.speech, app.top.rate, app.top.detail)]
        assert names == [t(k) for k, _ in app.top.rows]
        if language != "en":
            i18n.set_language("en")
            english = [t(k) for k, _ in app.top.rows]
            assert all(a != b for a, b in zip(names, english, strict=True)), language


# ---------------------------------------------------------------- the first start
def first_start(app, running: bool):
    from buttons_game.ui.screen_speech import FirstStart

    start = FirstStart(app.voice, app.notify, detect=lambda: running)
    app.first_start = start
    start.begin()
    start.wait(5)
    return start


def test_a_first_start_with_a_screen_reader_turns_speech_on_and_keeps_it(make_app):
    app = make_app()
    app.show_menu()
    settle(app)
    assert app.settings.speech is None
    first_start(app, True)
    settle(app)
    assert app.voice.on and app.settings.speech is True
    assert spoken(app)[-1] == t("speech.on")
    assert make_app().settings.speech is True


def test_a_first_start_without_one_says_the_key_once_and_stays_quiet_after(make_app):
    app = make_app(language="de")
    app.show_menu()
    first_start(app, False)
    settle(app)
    hint = t("speech.first_start")
    assert "F12" in hint and hint != "Press F12 to turn on speech."
    assert spoken(app) == [hint], "said by the system's voice though speech is off"
    assert any(n.text == hint for n in app.notices)
    assert not app.voice.on and app.settings.speech is False
    assert load_settings()[0].speech is False, "later starts are quiet"
    press(app, pygame.K_F12)  # the key it named
    assert app.voice.on


def test_f12_pressed_before_the_system_answers_is_what_counts(make_app):
    app = make_app()
    app.show_menu()
    settle(app)
    press(app, pygame.K_F12)
    first_start(app, False)
    settle(app)
    assert app.voice.on and app.settings.speech is True
    assert t("speech.first_start") not in spoken(app)


def test_the_first_frame_never_waits_for_the_question(make_app):
    from buttons_game.ui.screen_speech import FirstStart

    app = make_app()
    app.show_menu()
    answer = threading.Event()

    def slow() -> bool:  # the system takes its time to answer
        answer.wait(10)
        return True

    start = FirstStart(app.voice, app.notify, detect=slow)
    app.first_start = start
    start.begin()
    settle(app)  # frames go on while the question is open
    assert app.frames >= 1 and app.settings.speech is None
    answer.set()
    start.wait(5)
    settle(app)
    assert app.settings.speech is True


def test_the_command_line_start_asks_only_at_the_first_start(make_app, monkeypatch):
    from buttons_game.ui import launch
    from buttons_game.ui.screen_speech import FirstStart

    begun = []
    monkeypatch.setattr(FirstStart, "begin", lambda self: begun.append(True))
    monkeypatch.setattr(launch.App, "run", lambda self, first=None: 0)
    monkeypatch.setattr(launch.pygame, "quit", lambda: None)
    options = make_app().options
    launch.run_app(options)
    assert begun == [True]
    app = make_app()
    press(app, pygame.K_F12)  # decided
    launch.run_app(options)
    assert begun == [True]


def test_a_start_straight_into_a_game_leaves_the_first_start_for_the_main_menu(
    make_app, monkeypatch
):
    """--seats, --tutorial, --replay: automation or a player who knows the game; the first
    start (and its settings file) waits for a start at the main menu."""
    from dataclasses import replace

    from buttons_game.ui import launch
    from buttons_game.ui.screen_speech import FirstStart

    begun = []
    monkeypatch.setattr(FirstStart, "begin", lambda self: begun.append(True))
    monkeypatch.setattr(launch.App, "run", lambda self, first=None: 0)
    monkeypatch.setattr(launch.pygame, "quit", lambda: None)
    options = replace(make_app().options, seats=(None, "easy"))
    launch.run_app(options)
    assert begun == []


def test_a_game_started_from_a_screen_says_the_table_not_the_menu_put_under_it(make_app, tmp_path):
    """The main menu goes under a new game (what Esc returns to): it is passed through, not
    announced; the table's title is what is said."""
    from buttons_game.core.kind import find_kind
    from buttons_game.core.seats import Seat

    app = speaking_app(make_app, "en", tmp_path / "en")
    app.show_stats()
    settle(app)
    kind = find_kind("kopf")
    game = kind.new_game((Seat("Ada"), Seat("Bo", "easy")), seed=3)
    heard = said_by(app, lambda: app.start_game(game))
    menu_title = MainMenu(app).speech_title()
    assert menu_title not in heard
    assert heard and heard[0] == " ".join(app.top.speech_title().split())


def test_the_player_count_buttons_say_what_they_count_and_which_is_chosen(make_app, tmp_path):
    app = speaking_app(make_app, "en", tmp_path / "en")
    app.show_setup("buttons")
    settle(app)
    setup = app.top
    heard = []
    for _ in range(len(setup.focusable())):
        heard += said_by(app, lambda: press(app, pygame.K_TAB))
    counts = [said for said in heard if "players, button" in said]
    assert counts == [
        t("speech.button", name=t("speech.players_count", n=n))
        if n != setup.count
        else t("speech.chosen", control=t("speech.button", name=t("speech.players_count", n=n)))
        for n in (2, 3, 4)
    ]
