"""Every language has every key, text fits its place, and a switch re-renders everything."""

from __future__ import annotations

import itertools
import random
import re

import pygame
import pygame_gui
import pytest

from buttons_game import saves
from buttons_game.core.notes import Note
from buttons_game.games.buttons.engine import Phase, random_game
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.games.kopf.game import KopfGame
from buttons_game.games.kopf.lessons import LESSONS, OWN_GROUP
from buttons_game.i18n import LANGUAGES, t
from buttons_game.ui import art
from buttons_game.ui.games.buttons.intents import Menu
from buttons_game.ui.games.buttons.setup import SetupScreen
from buttons_game.ui.games.buttons.summary import HEADS, SummaryScreen
from buttons_game.ui.games.kopf.lesson_view import paragraphs_bottom
from buttons_game.ui.play import replay_view
from buttons_game.ui.play.model import note_text
from buttons_game.ui.play.replay import Position
from buttons_game.ui.scenes import mid_game
from buttons_game.ui.text import wrap
from tests.i18n_files import strings

from ..soak import quick_twins
from .conftest import choose, press, settle, step

PLURAL_FORMS = {"zero", "one", "few", "many", "other"}


# The quick tier checks the fit in Japanese (the tallest script); all five run as slow.
SOME_LANGUAGES = [
    lang if lang == "ja" else pytest.param(lang, marks=pytest.mark.slow) for lang in LANGUAGES
]


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_key_is_missing_and_placeholders_match(language):
    english, other = strings("en"), strings(language)
    assert set(other) == set(english), set(other) ^ set(english)
    for key, text in english.items():
        wanted = sorted(re.findall(r"%\{(\w+)\}", text))
        assert sorted(re.findall(r"%\{(\w+)\}", other[key])) == wanted, key
        assert other[key].strip(), key
        assert "(s)" not in other[key], f"{key}: a real plural, not '(s)'"


def test_counted_texts_have_plural_forms():
    for key, text in strings("en").items():
        if "%{count}" in text:
            assert key.rsplit(".", 1)[-1] in PLURAL_FORMS, key


def buttons_of(screen) -> list[pygame_gui.elements.UIButton]:
    return [w for w in screen.widgets if isinstance(w, pygame_gui.elements.UIButton) and w.alive()]


def assert_fits(width: int, room: int, what: str) -> None:
    assert width <= room, f"{what}: {width} px of text in {room} px"


def check_widgets(screen) -> None:
    for b in buttons_of(screen):
        text = pygame_gui.core.utility.translate(b.text)
        assert_fits(b.font.size(text)[0], b.rect.width - 8, f"button {text!r}")
    for d in screen.widgets:
        if isinstance(d, pygame_gui.elements.UIDropDownMenu):
            font = d.current_state.selected_option_button.font
            for option, _ in d.options_list:
                text = pygame_gui.core.utility.translate(option)
                assert_fits(font.size(text)[0], d.rect.width - 36, f"option {text!r}")


@pytest.mark.parametrize("language", SOME_LANGUAGES)
def test_translated_text_fits_at_1280x720(make_app, language):
    app = make_app(window=(1280, 720), language=language)
    saves.save_as(mid_game(3, humans=2), "Sonntag")
    app.show_menu()
    step(app, 2)
    check_widgets(app.top)
    screens = (
        lambda: app.show_setup("buttons"),
        app.show_setup,
        lambda: app.show_setup("kopf"),
        app.show_settings,
        app.show_rules,
        lambda: app.show_rules("kopf"),
        app.show_load,
        app.show_stats,
    )
    for show in screens:
        show()
        if isinstance(app.top, SetupScreen):
            app.top._recount(4)
        step(app, 2)
        check_widgets(app.top)
        app.show_menu()
    # Kopf oder Knopf: the table, its pause menu, game over
    rng = random.Random(4)
    kopf = KopfGame.new((Seat("Anna", None), Seat("Ben", "easy")))
    for _ in range(40):
        if kopf.state.legal_actions() and not kopf.state.punishing:
            kopf = kopf.apply(rng.choice(kopf.state.legal_actions()))
    app.start_game(kopf)
    step(app, 2)
    check_widgets(app.top)
    app.top.act(Menu())
    step(app)
    check_widgets(app.top)
    while not kopf.state.is_over():
        kopf = kopf.apply(rng.choice(kopf.state.legal_actions()))
    app.show_game_over(kopf)
    step(app, 2)
    check_widgets(app.top)
    title, why = app.top.headline()
    assert_fits(art.text(title, app.top.px(40), "accent", True).get_width(), 1280 - 20, "winner")
    assert_fits(art.text(why, app.top.px(20), "text").get_width(), 1280 - 20, "reason")
    # labels drawn beside the settings' drop-downs
    app.show_settings()
    step(app)
    for key, _ in app.top.rows:
        label = art.text(t(key), app.top.px(20), "text", True).get_width()
        assert_fits(label, 1280 // 2 - 40, key)
    # the table at 2, 3 and 4 seats: a person to place, another with Place/Skip
    for players in (2, 3, 4):
        app.start_game(mid_game(players, humans=2))
        step(app, 2)
        table = app.top
        assert table.gold_buttons, "a Place/Skip pair is on the board"
        check_widgets(table)
        for a, b in itertools.combinations(buttons_of(table), 2):
            assert not a.rect.colliderect(b.rect), "buttons overlap"
        for g in table.table.boards:
            for rect in (g.name, g.status, g.depot, *g.tally):
                assert g.panel.contains(rect), "the board's parts stay on its panel"
    banner = t("game.round_start", n=12, name="Carla")
    room = table.table.top_bar.width - table.px(140)
    assert_fits(art.text(banner, table.px(18), "text", True).get_width(), room, "round start")
    table.act(Menu())
    step(app)
    check_widgets(app.top)
    app.show_save_as(table.session.game)
    step(app)
    check_widgets(app.top)
    # the round summary's column heads
    app.start_game(mid_game(4, humans=4, phase=Phase.STARS))
    step(app, 2)
    summary = app.top
    assert isinstance(summary, SummaryScreen)
    check_widgets(summary)
    width = summary.inner.width
    seat_head, total_head = (
        art.text(t(HEADS[i]), summary.px(14), "text_dim", True).get_width() for i in (0, 4)
    )
    assert_fits(seat_head + total_head + summary.px(10), width, "summary.seat, summary.total")
    for word in " ".join(t(key) for key in HEADS[1:4]).split():
        assert_fits(art.text(word, summary.px(14), "text_dim").get_width(), width, word)
    busted = art.text(t("summary.busted"), summary.px(16), "bad", True).get_width()
    assert_fits(busted, width, "summary.busted")
    # game over: the headline and the reason
    final = random_game(4, random.Random(8), seed=8)
    app.show_game_over(Game(summary.session.game.seats, final))
    step(app, 2)
    over = app.top
    check_widgets(over)
    title, why = over.headline()
    assert_fits(art.text(title, over.px(40), "accent", True).get_width(), 1280 - 20, "winner")
    assert_fits(art.text(why, over.px(20), "text").get_width(), 1280 - 20, "reason")
    pygame.event.clear()


def line_height(size: int) -> int:
    return int(size * 1.35)  # as draw_lines steps


@pytest.mark.parametrize("language", SOME_LANGUAGES)
def test_learn_to_play_texts_fit_at_1280x720(make_app, language):
    app = make_app(window=(1280, 720), language=language)
    # the first start's offer beside the main menu: its words above its buttons
    app.show_menu()
    step(app, 2)
    menu = app.top
    assert menu.offer_yes is not None
    check_widgets(menu)
    inner = menu.offer.inflate(-2 * menu.px(16), -2 * menu.px(14))
    title = wrap(t("learn.offer_title"), menu.px(22), inner.width, True)
    text = wrap(t("learn.offer_text"), menu.px(16), inner.width)
    used = len(title) * line_height(menu.px(22)) + menu.px(6) + len(text) * line_height(menu.px(16))
    assert_fits(inner.top + used, menu.offer_yes.rect.top, "the offer's words")
    assert len(text) * line_height(menu.px(16)) <= menu.px(90), "the offer's text box"
    # the choice of tutorials: the card's words and its progress line above its button
    app.remember_lesson("kopf", 3)
    app.remember_lesson("buttons", 5)
    app.show_tutorial()
    step(app, 2)
    choice = app.top
    check_widgets(choice)
    for offer, card, start in zip(choice.offered, choice.cards, choice.choose):
        about = wrap(offer.learn_about(), choice.px(15), card.width - choice.px(40))
        assert len(about) * line_height(choice.px(15)) <= choice.px(80), offer.id
        ends = card.top + choice.px(240) + len(about) * line_height(choice.px(15)) + choice.px(2)
        progress = art.text(t(offer.resume_key(), n=6, total=8), choice.px(15), "accent", True)
        assert_fits(ends + progress.get_height(), start.rect.top, offer.resume_key())
        assert_fits(progress.get_width(), card.width - 8, offer.resume_key())
    # every lesson's panel: the intro with each message, with the done text, while showing
    app.show_tutorial("kopf")
    screen = app.top
    reasons = [k for k in strings("en") if k.startswith("kopf_reason.")]
    for index, each in enumerate(LESSONS):
        screen.start_lesson(index)
        step(app, 2)
        check_widgets(screen)
        layout, model = screen.table, screen.model
        assert layout.header.bottom < layout.cards[0].top and layout.room() > 0
        bottom = layout.words.top + layout.room()
        values = tuple(each.values().items()) + (("holes", 4), ("distance", 3))
        messages = [None, each.text_key("wrong"), OWN_GROUP, *reasons]
        for key in messages:
            model.wrong = None if key is None else Note(key, "bad", values=values, in_log=False)
            assert_fits(paragraphs_bottom(model, layout), bottom, f"{each.key} with {key}")
        model.wrong = None
        model.showing = True
        assert_fits(paragraphs_bottom(model, layout), bottom, f"{each.key} showing")
        model.solved = True
        assert_fits(paragraphs_bottom(model, layout), bottom, f"{each.key} done")
        # Blue's move in its line under the texts (the longest of its words)
        model.bot_moved(1 - each.player, "bot_move.kopf_remove", square="j10")
        assert_fits(paragraphs_bottom(model, layout), bottom, f"{each.key} done, Blue's move")
        model.solved = model.showing = False
        assert_fits(paragraphs_bottom(model, layout), bottom, f"{each.key} Blue's move")
        model.bot_move = None
        for button in buttons_of(screen):
            assert layout.panel.contains(button.rect), "the buttons stay on the panel"
        assert layout.keys_lines()[0] != "", "the keys are shown"


@pytest.mark.parametrize("language", SOME_LANGUAGES)
def test_replay_texts_fit_at_1280x720(make_app, language):
    app = make_app(window=(1280, 720), language=language)
    rng = random.Random(6)
    buttons = Game(
        (Seat("Annabelle"), Seat("Benedikt", "hard"), Seat("Carla"), Seat("Deniz", "easy")),
        random_game(4, rng, seed=6),
    )
    kopf = KopfGame.new((Seat("Annabelle"), Seat("Benedikt", "hard")))
    while not kopf.state.is_over():
        kopf = kopf.apply(rng.choice(kopf.state.legal_actions()))
    # the Replay buttons of the Load list and of both game-over screens
    saves.save_as(buttons, "Sonntag")
    app.show_load()
    step(app, 2)
    assert app.top.replay_buttons, "a Replay button on the row"
    check_widgets(app.top)
    for game in (buttons, kopf):
        app.show_game_over(game)
        step(app, 2)
        check_widgets(app.top)
        for a, b in itertools.combinations(buttons_of(app.top), 2):
            assert not a.rect.colliderect(b.rect), "buttons overlap"
        app.show_replay(game)
        step(app, 2)
        screen = app.top
        check_widgets(screen)
        press(app, pygame.K_SPACE)  # Play becomes Pause
        check_widgets(screen)
        press(app, pygame.K_SPACE)
        panel, s = screen.panel, screen.scale
        for a, b in itertools.combinations(buttons_of(screen), 2):
            assert not a.rect.colliderect(b.rect), "buttons overlap"
        kopf = screen.viewer.replay.kind == "kopf"
        box = screen.table.panel if kopf else screen.table.side
        for widget in screen.widgets:
            assert box.contains(widget.rect), "the controls stay on the panel"
        title = art.text(t("replay.title"), int(replay_view.TITLE * s), "accent", True)
        assert_fits(title.get_width(), panel.head.width, "replay.title")
        where = replay_view.where_text(Position(2412, 2412, 14, 0), screen.look.words)
        shown = art.text(where, int(replay_view.WHERE * s), "text", True)
        assert_fits(shown.get_width(), panel.head.width, "the position")
        keys = replay_view.keys_lines(panel, s, screen.look.words)
        room = panel.log.height - len(keys) * line_height(int(replay_view.KEYS * s))
        assert room >= 6 * line_height(int(replay_view.LOG * s)), "room for six log lines"
        if kopf:
            heading = art.text(t("replay.heading_kopf"), int(24 * s), "accent", True)
            assert_fits(heading.get_width(), screen.table.top_bar.width, "replay.heading_kopf")


def glyphs_differ(font: pygame.font.Font, text: str) -> bool:
    """A font without a script's glyphs draws the same empty box for every character."""
    white = pygame.Color("white")
    images = {pygame.image.tobytes(font.render_premul(ch, white), "RGBA") for ch in text}
    return len(images) == len(set(text))


@pytest.mark.parametrize("language", quick_twins(LANGUAGES, "ja"))  # the rest slow
def test_every_language_name_shows_in_a_font_with_its_glyphs(make_app, language):
    app = make_app(language=language)
    app.show_settings()
    settle(app)
    menu = app.top.language
    assert glyphs_differ(menu.current_state.selected_option_button.font, "日本語Français")
    pygame_gui_click = menu.current_state.selected_option_button
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=pygame_gui_click))
    settle(app)
    rows = menu.current_state.options_selection_list.item_list
    for row in rows:
        assert glyphs_differ(row["button_element"].font, row["text"]), row["text"]


def test_a_language_switch_renders_everything_anew(make_app):
    app = make_app(language="en")
    app.start_game(mid_game(2, humans=2))
    settle(app)
    table = app.top
    note = table.session.model.log[-1]
    english = note_text(note, table.session.model.names)
    table.act(Menu())
    settle(app)
    app.show_settings()
    settle(app)
    choose(app, app.top.language, list(LANGUAGES).index("ja"))
    settle(app)
    assert app.settings.language == "ja"
    japanese_new = app.top.back
    fresh = pygame_gui.elements.UIButton(
        japanese_new.rect.move(0, 100), "x", manager=app.manager, object_id="#big_button"
    )
    assert japanese_new.font is fresh.font, "the Back button uses the Japanese font"
    fresh.kill()
    assert glyphs_differ(japanese_new.font, "戻る")
    app.back()  # to the pause menu, then the table
    app.back()
    settle(app)
    assert note_text(note, table.session.model.names) != english, "the log speaks Japanese"
    assert glyphs_differ(table.roll.font, "振る")
    # and back to English: the fonts follow again
    app.apply_settings(type(app.settings)(**{**app.settings.__dict__, "language": "en"}))
    settle(app)
    assert note_text(note, table.session.model.names) == english
    latin = pygame_gui.elements.UIButton(
        table.roll.rect.move(0, 100), "x", manager=app.manager, object_id="#primary"
    )
    assert table.roll.font is latin.font
    latin.kill()


def test_japanese_labels_are_bold_and_as_large_as_the_others(make_app):
    sizes = {}
    for language in ("en", "ja"):
        app = make_app(language=language)
        app.show_menu()
        settle(app)
        info = app.manager.get_theme().get_font_info(app.top.new_game.combined_element_ids)
        sizes[language] = (info["size"], info["bold"])
        pygame_gui.core.utility.set_default_manager(None)
    assert sizes["ja"] == sizes["en"] and sizes["ja"][1], sizes


def test_japanese_texts_have_no_spaces_after_its_punctuation():
    for key, text in strings("ja").items():
        assert "、 " not in text and "。 " not in text, key
