"""The tables speak (a recording voice: nothing is said aloud): every move as it happens,
refusals, whose turn and what they may do, the cursor's square, the question keys, the
tutorial's text; a bot's next move waits for the announcement; with speech off nothing
is said and nothing waits."""

from __future__ import annotations

import re
from dataclasses import replace

import pygame

from buttons_game.games.buttons.engine import ROLL, Dice, Phase, Place, new_game
from buttons_game.games.buttons.game import Game, Seat
from buttons_game.i18n import t
from buttons_game.settings import Settings
from buttons_game.ui.games.buttons.review_screen import ReviewScreen
from buttons_game.ui.games.buttons.screen import TableScreen
from buttons_game.ui.games.buttons.summary import SummaryScreen
from buttons_game.ui.play.model import note_text
from buttons_game.ui.play.speech import CUE_ILLEGAL, CUE_LEGAL, CUE_TURN, said_places
from buttons_game.ui.scenes import mid_game

from .conftest import finish_jobs, play, run_until, settle, step

CARDS = (("red", "yellow"), ("green", "blue"))


def spoken(app) -> list[str]:
    speaker = app.voice.speaker
    return [] if speaker is None else [said.text for said in speaker.history]


def speaking(app) -> None:
    app.apply_settings(replace(app.settings, speech=True))
    assert app.voice.start() and app.voice.on


def table(
    make_app, *, speech: bool = True, bots=(None, None), detail: str = "all", idle: bool = True
):
    app = make_app()
    if speech:
        speaking(app)
    app.apply_settings(replace(app.settings, speech_detail=detail))
    seats = tuple(Seat(name, bot) for name, bot in zip(("Anna", "Ben"), bots))
    app.start_game(Game(seats, new_game(2, layouts=("1A", "2B"), cards=CARDS, seed=5)))
    if idle:
        settle(app)
    screen = app.top
    assert isinstance(screen, TableScreen)
    return app, screen


def key(app, k: int, shift: bool = False) -> None:
    mod = pygame.KMOD_LSHIFT if shift else 0
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    step(app, 2)


def to_placing(app, screen, white: int = 3, gold: int = 4) -> None:
    play(screen.session, ROLL)
    n = screen.session.state.plain_dice_in_hand
    play(screen.session, Dice(white, gold, (1, 2, 5, 6)[:n]))
    settle(app)


def test_the_table_says_whose_turn_and_the_moves_as_they_happen(make_app):
    app, screen = table(make_app)
    said = spoken(app)
    # the table opened: whose turn, with the moves of the person deciding
    assert any(text.startswith(t("game.turn_human_first", name="Anna")) for text in said)
    to_placing(app, screen)
    said = spoken(app)
    notes = screen.model.log[-1:]
    assert note_text(notes[0], screen.model.names) in said  # the dice as they land
    place = [a for a in screen.session.state.legal_actions(0) if isinstance(a, Place)][0]
    play(screen.session, place)
    settle(app)
    line = t("log.place", name="Anna", row=place.row, col=place.col)
    assert said_places(line) in spoken(app)  # the log's "(3, 1)" said as row and column


def test_the_moves_answer_can_be_parsed_back_into_keys(make_app):
    app, screen = table(make_app)
    to_placing(app, screen, white=3, gold=4)
    key(app, pygame.K_l)
    answer = spoken(app)[-1]
    legal = {(a.row, a.col) for a in screen.session.state.legal_actions(0) if isinstance(a, Place)}
    count, _, items = answer.partition(":")
    assert int(re.findall(r"\d+", count)[0]) == len(legal)
    parsed = {tuple(int(n) for n in re.findall(r"\d+", item)[:2]) for item in items.split(";")}
    assert parsed == legal
    # each move's last number is its key: press it and the button is placed there
    row, col = sorted(legal)[0]
    key(app, pygame.K_1 + col - 1)
    assert (row, col) in screen.session.state.buttons(0)


def test_a_refusal_is_said_with_its_reason(make_app):
    app, screen = table(make_app)
    key(app, pygame.K_o)  # no button yet: opting out is refused
    assert spoken(app)[-1] == note_text(screen.model.passing, screen.model.names)


def test_the_cursor_says_its_space_and_plays_its_cue(make_app):
    app, screen = table(make_app)
    cues: list[str] = []
    screen.session.sound = cues.append
    to_placing(app, screen, white=3, gold=4)
    key(app, pygame.K_RIGHT)  # the cursor comes onto the board at a legal space
    seat, row, col = screen.model.cursor
    state = screen.session.state
    colour = t(f"colour.{state.colour_at(seat, row, col)}")
    assert spoken(app)[-1] == t(
        "table_speech.cursor",
        row=row,
        col=col,
        space=t("table_speech.space", colour=colour, what=t("table_speech.free")),
        may=t("table_speech.place_here"),
    )
    assert cues[-1] == CUE_LEGAL
    key(app, pygame.K_UP)  # row 2: not the white die's row
    assert spoken(app)[-1].endswith(t("table_speech.not_here") + ".")
    assert cues[-1] == CUE_ILLEGAL


def test_question_keys_read_the_board_the_dice_and_the_score(make_app):
    app, screen = table(make_app)
    to_placing(app, screen, white=3, gold=4)
    key(app, pygame.K_b)
    board = spoken(app)[-1]
    assert board.startswith(t("table_speech.board_of", name="Anna", buttons=0, stars=0))
    assert all(t("table_speech.row", row=r, spaces="")[:-1] in board for r in range(1, 7))
    key(app, pygame.K_b, shift=True)  # one row: the white die's
    assert spoken(app)[-1].startswith(t("table_speech.row", row=3, spaces="").rstrip(": ."))
    key(app, pygame.K_a)
    assert spoken(app)[-1].startswith(t("table_speech.board_of", name="Ben", buttons=0, stars=0))
    key(app, pygame.K_d)
    assert "3" in spoken(app)[-1] and "4" in spoken(app)[-1]
    key(app, pygame.K_c)
    assert "Anna" in spoken(app)[-1] and "Ben" in spoken(app)[-1]
    key(app, pygame.K_v)
    assert note_text(screen.model.log[-1], screen.model.names) in spoken(app)[-1]
    key(app, pygame.K_w)
    assert spoken(app)[-1].startswith(t("game.place_active", name="Anna", row=3))


def test_your_turn_has_its_cue_and_the_detail_mine_leaves_out_the_others_moves(make_app):
    app, screen = table(make_app, bots=(None, "easy"), detail="mine", idle=False)
    app.voice.busy = lambda: False  # Ben's moves come without waiting for the voice
    settle(app)
    cues: list[str] = []
    screen.session.sound = cues.append
    to_placing(app, screen, white=3, gold=4)
    assert CUE_TURN in cues
    names = screen.model.names
    bens = [n for n in screen.model.log if n.key in ("place", "skip") and n.seats == (("name", 1),)]
    assert bens  # Ben decided on the gold space: not Anna's business at "mine"
    said = spoken(app)
    assert all(note_text(n, names) not in said for n in bens)
    roll = [n for n in screen.model.log if n.key == "roll"][-1]
    assert note_text(roll, names) in said  # the dice concern everyone


def test_with_speech_off_nothing_is_said(make_app):
    app, screen = table(make_app, speech=False)
    to_placing(app, screen)
    key(app, pygame.K_l)
    key(app, pygame.K_RIGHT)
    assert spoken(app) == []


def test_a_bots_next_move_waits_while_the_announcement_is_said_or_until_a_key(make_app):
    app, screen = table(make_app, bots=("easy", "easy"), idle=False)
    session = screen.session
    busy = [True]
    app.voice.busy = lambda: busy[0]
    plies = len(session.state.history())
    for _ in range(200):  # ten seconds, the bot's decision ready at each frame
        finish_jobs(app)
        app.step(0.05)
    assert len(session.state.history()) == plies  # still being said: the bot waits
    key(app, pygame.K_w)  # a key ends the wait
    run_until(app, lambda: len(session.state.history()) > plies, frames=40, dt=0.05)
    busy[0] = False
    plies = len(session.state.history())
    run_until(app, lambda: len(session.state.history()) > plies, frames=200, dt=0.05)


def test_the_tutorial_says_its_steps(make_app):
    app = make_app()
    speaking(app)
    app.show_tutorial("buttons")
    settle(app)
    card = app.top.model.tutorial
    assert card is not None
    title = t(f"tutorial.{card.key}.title")
    assert any(title in text for text in spoken(app))


def test_the_round_summary_and_the_coachs_review_are_read_out(make_app):
    game = mid_game(3, humans=1, phase=Phase.STARS)
    app = make_app(window=(1280, 720))
    app.apply_settings(Settings(coach="auto", window=(1280, 720), speech=True))
    assert app.voice.start()
    app.start_game(game)
    step(app, 2)
    assert isinstance(app.top, SummaryScreen)
    score = app.top.score
    summary = spoken(app)[-1]
    assert summary.startswith(t("table_speech.summary", round=score.round_number, seats=""))
    for p, name in enumerate(app.top.session.model.names):
        assert f"{name}, {t('status.' + score.seats[p].status.value)}" in summary
        assert f"{score.seats[p].total}." in summary
    key(app, pygame.K_RETURN)
    review = app.top
    assert isinstance(review, ReviewScreen)
    run_until(app, lambda: review.reviews is not None, frames=100)
    step(app)
    assert spoken(app)[-1].startswith(t("review.title", n=score.round_number))


def test_f1_lists_each_question_key_and_each_is_a_key_of_its_table(make_app):
    from buttons_game.i18n import LANGUAGES
    from buttons_game.ui.games.buttons import intents as buttons_keys
    from buttons_game.ui.games.kopf import intents as kopf_keys
    from buttons_game.ui.games.kopf.screen import KopfScreen
    from buttons_game.ui.play.intents import Ask

    taken = {pygame.K_r, pygame.K_o, pygame.K_p, pygame.K_s, pygame.K_u, pygame.K_h,
             pygame.K_t, pygame.K_n, pygame.K_m}  # fmt: skip
    for keys in (buttons_keys.KEYS, kopf_keys.KEYS, buttons_keys.TUTORIAL_KEYS):
        asks = {k for k, intent in keys.items() if isinstance(intent, Ask)}
        assert asks and not asks & taken  # no letter another table key uses
    app, screen = table(make_app)
    english = screen.speech_keys()
    assert len(english) == len(TableScreen.SPEECH_KEYS) == len(set(english))
    asked = {"row": "board", "theirs": "other", "captures": "score"}
    for screen_keys, keys in (
        (TableScreen.SPEECH_KEYS, buttons_keys.KEYS),
        (KopfScreen.SPEECH_KEYS, kopf_keys.KEYS),
    ):
        for what in screen_keys:
            line = t(f"table_speech.key_{what}")
            letter = line.split(":")[0].split("+")[-1].strip().lower()
            ask = keys[pygame.key.key_code(letter)]
            assert isinstance(ask, Ask) and ask.what == asked.get(what, what)
            assert ask.shifted is False and line.startswith("Shift+") == (what == "row")
    import i18n

    for language in LANGUAGES:
        i18n.set("locale", language)
        for screen_keys in (TableScreen.SPEECH_KEYS, KopfScreen.SPEECH_KEYS):
            lines = [t(f"table_speech.key_{name}") for name in screen_keys]
            assert all(lines) and (language == "en" or set(lines).isdisjoint(english))
    i18n.set("locale", "en")


def test_a_place_the_log_writes_as_a_pair_is_said_as_row_and_column() -> None:
    from buttons_game.i18n import LANGUAGES, language, set_language
    from buttons_game.ui.play.speech import said_places

    assert (
        said_places("Ada places a button at (4, 3).") == "Ada places a button at row 4, column 3."
    )
    assert said_places("Hint: star at (5, 1), towards five in a line.").startswith(
        "Hint: star at row 5, column 1"
    )
    assert said_places("Round 2 is over.") == "Round 2 is over."
    before = language()
    try:
        for code in LANGUAGES:
            set_language(code)
            assert "4" in said_places("(4, 3)") and "(" not in said_places("(4, 3)")
    finally:
        set_language(before)
