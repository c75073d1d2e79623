"""The tables' still layers: a frame drawn from kept layers is the frame drawn straight, and
a layer is drawn again when what it shows changes (a move, an undo, the threats toggled,
the colour symbols, the language, the window's size), and only then."""

from __future__ import annotations

import random
from dataclasses import replace

import pygame

from buttons_game.games.buttons.engine import ROLL, Phase, Place
from buttons_game.games.buttons.engine.board import iter_spaces
from buttons_game.games.buttons.game import Seat
from buttons_game.games.kopf.engine import Move
from buttons_game.games.kopf.game import KopfGame
from buttons_game.ui import art
from buttons_game.ui.games.kopf.model import Flight
from buttons_game.ui.play.layers import Layers
from buttons_game.ui.scenes import mid_game

from .conftest import play, step


def layers_of(drawing: object) -> list[Layers]:
    found = [value for value in vars(drawing).values() if isinstance(value, Layers)]
    boards = getattr(drawing, "boards", None)
    return found + (layers_of(boards) if boards is not None else [])


def drawn(drawing: object) -> int:
    """How many layers ``drawing`` has drawn so far."""
    return sum(layers.drawn for layers in layers_of(drawing))


def frame(app, drawing: object | None = None) -> bytes:
    """The table's frame (from ``drawing``, else the screen's own), as pixels."""
    screen = app.top
    own = screen.drawing
    if drawing is not None:
        screen.drawing = drawing
    try:
        screen.draw(app.surface)
    finally:
        screen.drawing = own
    return app.surface.get_buffer().raw  # every pixel as it lies (quicker than RGB bytes)


def straight(drawing: object) -> object:
    """``drawing`` drawing every frame straight, as without layers."""
    for layers in layers_of(drawing):
        layers.keep = False
    return drawing


def same_as_straight(app) -> bool:
    """The screen's frame (from its layers) is the frame a new drawing draws straight."""
    kept = frame(app)
    return kept == frame(app, straight(type(app.top.drawing)()))


def hold(motions, kind: str, what: object, share: float) -> None:
    motions.start(kind, what, 1.0)
    motions.of(kind)[-1].elapsed = share


# ------------------------------------------------------------------ Kopf oder Knopf
def kopf_app(make_app, size=(1280, 800)):
    rng = random.Random(3)
    game = KopfGame.new((Seat("Anna"), Seat("Ben")))
    while len(game.state.history()) < 40 or game.state.punishing or game.state.is_over():
        if game.state.is_over():
            game = KopfGame.new((Seat("Anna"), Seat("Ben")))
        game = game.apply(rng.choice(game.state.legal_actions()))
    app = make_app(window=size, fast=False)
    app.start_game(game)
    step(app)
    return app


def kopf_busy(app, share: float) -> None:
    """A piece picked up, pieces flying from the board to a tray, a bot's trail."""
    model = app.top.session.model
    state = model.state
    move = next(a for a in state.legal_actions() if isinstance(a, Move))
    model.selected = (move.from_row, move.from_col)
    model.hover = (move.to_row, move.to_col)
    theirs = sorted(state.pieces(1))[:3]
    model.flights = [Flight(spot, 1, k) for k, spot in enumerate(theirs)]
    model.timers.start("strike", 1.0)
    model.timers.tick(share)
    mine = sorted(state.pieces(0))
    trail = (mine[1], (6, 6))
    model.bot_moved(1, "bot_move.kopf_move", trail, 1.0, **{"from": "a1", "to": "f6"})
    hold(model.motions, "trail", trail, share)


def test_kopf_frames_from_the_still_layer_are_the_frames_drawn_straight(make_app) -> None:
    app = kopf_app(make_app)
    drawing = app.top.drawing
    before = drawn(drawing)
    for share in (0.1, 0.5, 0.7, 0.8, 0.9):  # the pieces flying over the panel's box
        kopf_busy(app, share)
        assert same_as_straight(app)
    assert drawn(drawing) - before <= 1  # one layer for all of these frames


def test_kopf_flying_pieces_pass_under_the_panel_box_as_before(make_app) -> None:
    """The panel's box lies over a piece flying to the tray until the piece reaches its
    card: drawn from its layer, it is drawn where it was, over the flying pieces."""
    app = kopf_app(make_app)
    crossed = False
    for share in (0.6, 0.7, 0.8, 0.9):
        kopf_busy(app, share)
        assert same_as_straight(app)
        flying = box_outside_cards(app)
        crossed |= any(box_outside_cards_holds(app, rect) for rect in flying_rects(app))
        app.top.session.model.flights = []
        assert box_outside_cards(app) == flying  # no piece shows over the box
    assert crossed


def flying_rects(app) -> list[pygame.Rect]:
    """Where the pieces flying to a tray are (as ``KopfDrawing._draw_flights`` puts them)."""
    model = app.top.session.model
    table = app.top.table
    go = 1.0 - model.timers.fraction("strike")
    rects = []
    for flight in model.flights:
        start = table.square_rect(*flight.square)
        end = table.tray_slot(1 - flight.player, flight.slot)
        size = int(start.width * 0.9 + (end.width - start.width * 0.9) * go)
        rect = pygame.Rect(0, 0, size, size)
        rect.center = (
            int(start.centerx + (end.centerx - start.centerx) * go),
            int(start.centery + (end.centery - start.centery) * go),
        )
        rects.append(rect)
    return rects


def box_outside_cards_holds(app, rect: pygame.Rect) -> bool:
    """``rect`` reaches into the panel's box outside its cards."""
    table = app.top.table
    inside = rect.clip(table.panel)
    return bool(inside.width and inside.height) and not any(
        card.contains(inside) for card in table.cards
    )


def box_outside_cards(app) -> bytes:
    """The frame's panel, its cards (where the trays are) blacked out."""
    frame(app)
    table = app.top.table
    shot = app.surface.subsurface(table.panel).copy()
    for card in table.cards:
        shot.fill((0, 0, 0), card.move(-table.panel.left, -table.panel.top))
    return pygame.image.tobytes(shot, "RGB")


def test_kopf_still_layer_follows_moves_undo_and_the_threats(make_app) -> None:
    app = kopf_app(make_app)
    session = app.top.session
    drawing = app.top.drawing
    assert same_as_straight(app)
    first = frame(app)
    count = drawn(drawing)
    move = next(a for a in session.state.legal_actions() if isinstance(a, Move))
    play(session, move)
    assert same_as_straight(app) and frame(app) != first
    assert drawn(drawing) > count
    session.undo()
    step(app, 3)
    assert same_as_straight(app)
    model = session.model
    model.show_threats = not model.show_threats
    assert same_as_straight(app)
    model.show_threats = not model.show_threats
    assert same_as_straight(app)


def test_kopf_still_layer_follows_the_window_size(make_app) -> None:
    app = kopf_app(make_app)
    assert same_as_straight(app)
    app._relayout((1000, 700))
    step(app)
    assert same_as_straight(app)


# ------------------------------------------------------------------ BUTTONS
def buttons_app(make_app, size=(1280, 800), phase: Phase = Phase.TURN):
    app = make_app(window=size, fast=False)
    app.settings.animation = "normal"
    app.start_game(mid_game(4, phase=phase))
    step(app)
    return app


def buttons_busy(app, share: float) -> None:
    """Every board shaking with a button sliding in, a star bouncing and a colour popping."""
    model = app.top.session.model
    state = model.state
    motions = model.motions
    for p in range(4):
        hold(motions, "shake", p, share)
        buttons = list(iter_spaces(state.button_mask(p)))
        stars = list(iter_spaces(state.star_mask(p)))
        if buttons:
            hold(motions, "slide", (p, *buttons[0]), share)
        if stars:
            hold(motions, "star", (p, *stars[0]), share)
        hold(motions, "pop", (p, "red"), share)


def test_buttons_frames_from_layers_are_the_frames_drawn_straight(make_app) -> None:
    app = buttons_app(make_app)
    play(app.top.session, ROLL)
    drawing = app.top.drawing
    buttons_busy(app, 0.0)
    frame(app)  # the buttons on their way counted in the tallies once there: new layers
    before = drawn(drawing)
    for share in (0.1, 0.3, 0.5, 0.8):
        buttons_busy(app, share)
        assert same_as_straight(app)
    assert drawn(drawing) == before  # the boards shook on the layers they had


def test_buttons_board_layer_is_drawn_again_for_the_board_holding_the_dice(make_app) -> None:
    app = buttons_app(make_app)
    drawing = app.top.drawing
    frame(app)
    frame(app)
    count = drawn(drawing)
    frame(app)
    assert drawn(drawing) == count  # nothing changed: nothing drawn again
    session = app.top.session
    play(session, ROLL)
    step(app, 2)
    assert same_as_straight(app)


def test_buttons_placed_button_and_undo_show_on_the_layers(make_app) -> None:
    app = buttons_app(make_app, phase=Phase.PLACING)
    session = app.top.session
    first = frame(app)
    place = next(a for a in session.state.legal_actions() if isinstance(a, Place))
    play(session, place)
    step(app, 3)
    assert same_as_straight(app) and frame(app) != first
    session.undo()
    step(app, 3)
    assert same_as_straight(app)


def test_buttons_layers_follow_symbols_language_and_window(make_app) -> None:
    app = buttons_app(make_app)
    with_symbols = frame(app)
    art.show_symbols = False
    try:
        without = frame(app)
        assert without != with_symbols  # the printed boards lost their symbols
        assert same_as_straight(app)
    finally:
        art.show_symbols = True
    assert frame(app) == with_symbols
    app.prefs.apply(replace(app.settings, language="ja"), app.manager)
    app._relayout()
    step(app)
    assert same_as_straight(app)
    app._relayout((1920, 1080))
    step(app)
    assert same_as_straight(app)


# ------------------------------------------------------------------ a trail, the words
def test_trail_streak_blended_where_it_shows_is_the_whole_streak_blended() -> None:
    """A bot's trail blends only the parts of its streak that show: the same pixels as
    blending its whole box, at every stage of its fading."""
    from buttons_game.ui.play import marks

    pygame.display.init()
    window = pygame.display.set_mode((400, 300))
    rects = [pygame.Rect(20, 30, 40, 40), pygame.Rect(260, 200, 40, 40)]
    for left in (1.0, 0.6, 0.2):
        window.fill((30, 60, 90))
        marks.trail(window, rects, "last_move", left)
        shown = pygame.image.tobytes(window, "RGB")
        window.fill((30, 60, 90))
        whole_streak(window, rects, left)
        ring_only = rects[-1:]  # the ring at the end, as the trail draws it
        marks.trail(window, ring_only, "last_move", left)
        assert shown == pygame.image.tobytes(window, "RGB")


def whole_streak(surface: pygame.Surface, rects: list[pygame.Rect], left: float) -> None:
    """The streak as it was drawn: a new surface of its whole box, blended whole."""
    c = art.colour("last_move")
    end = rects[-1]
    width = max(4, end.width // 5)
    box = rects[0].union(end).inflate(width * 2, width * 2)
    streak = pygame.Surface(box.size, pygame.SRCALPHA)
    a = (rects[0].centerx - box.left, rects[0].centery - box.top)
    b = (end.centerx - box.left, end.centery - box.top)
    pygame.draw.line(streak, (c.r, c.g, c.b, 255), a, b, width)
    for point in (a, b):
        pygame.draw.circle(streak, (c.r, c.g, c.b, 255), point, width // 2)
    streak.set_alpha(int(150 * left))
    surface.blit(streak, box)


def test_kept_words_follow_the_language_and_their_values() -> None:
    import i18n

    from buttons_game.i18n import install, t

    install("en")
    english = t("game.round", n=3)
    i18n.set("locale", "de")
    try:
        german = t("game.round", n=3)
        assert german != english and "3" in german
    finally:
        i18n.set("locale", "en")
    assert t("game.round", n=3) == english
    assert t("game.round", n=4) != english
    assert t("game.round", n=3.0) != t("game.round", n=3)  # "3.0", not the "3" kept
    assert t("game.round", n=[3]) == t("game.round", n=[3])  # a value not kept still works


def test_buttons_layers_follow_a_game_move_by_move(make_app) -> None:
    """Buttons placed, stars earned, cards taken, dice kept, seats busted or out: after
    every move of a game the boards drawn from their layers are the boards drawn anew."""
    app = buttons_app(make_app, phase=Phase.PLACING)
    session = app.top.session
    rng = random.Random(5)
    moves = 0
    for _ in range(200):
        if session.state.is_over() or moves == 40:
            break
        legal = session.state.legal_actions()
        if legal:
            play(session, rng.choice(legal))
            moves += 1
        step(app, 2, 0.3)  # a bust or a round's end plays out between moves
        assert same_as_straight(app)
    assert moves >= 12  # round ends (stars) and busts among them


class Told:
    """A state that tells one thing otherwise (``told``: method name -> its answer)."""

    def __init__(self, state: object, **told: object) -> None:
        self._state = state
        self._told = told

    def __getattr__(self, name: str) -> object:
        own = getattr(self._state, name)
        if name not in self._told:
            return own
        answer = self._told[name]
        return (lambda *_: answer) if callable(own) else answer


def test_buttons_board_layer_shows_each_of_the_seats_words(make_app) -> None:
    """A seat's stars, cards, depot, status, stars due or tally told otherwise: the board
    drawn from its layers is the board drawn anew, never the layer kept from before."""
    from buttons_game.games.buttons.engine.records import Status
    from buttons_game.ui.games.buttons.boards import BoardView

    app = buttons_app(make_app)
    model = app.top.session.model
    state = model.state
    boards = app.top.table.boards
    marks = model.marks()
    marks.pending = {0, 1, 2, 3}
    kept = BoardView()
    surface = app.surface

    def drawn_by(view: BoardView, shown: object) -> bytes:
        surface.fill((0, 0, 0))
        view.draw(surface, shown, boards, model.names, marks)  # type: ignore[arg-type]
        return pygame.image.tobytes(surface, "RGB")

    first = drawn_by(kept, state)
    for told in (
        {"star_count": 9},
        {"cards": ("red", "blue")},
        {"depot_dice": (6, 6, 5)},
        {"status": Status.BUSTED},
        {"phase": Phase.STARS, "stars_due": 3},
        {"button_mask": 0},
    ):
        shown = Told(state, **told)
        straight_view = BoardView()
        straight_view.layers.keep = False
        assert drawn_by(kept, shown) == drawn_by(straight_view, shown) != first, told


def test_frames_leave_nothing_of_the_frame_before(make_app) -> None:
    """The background goes around the panels' boxes and the board, which cover the rest:
    whatever the window showed before, the table's frame is the same (boards shaking)."""
    app = buttons_app(make_app)
    play(app.top.session, ROLL)
    for share in (0.2, 0.6):
        buttons_busy(app, share)
        assert len(frames_over_others(app)) == 1
    app = kopf_app(make_app)
    for share in (0.2, 0.8):
        kopf_busy(app, share)
        assert len(frames_over_others(app)) == 1


def frames_over_others(app) -> set[bytes]:
    """The table's frames drawn over windows of other colours."""
    looks = set()
    for before in ((255, 0, 255), (0, 0, 0), (12, 200, 40)):
        app.surface.fill(before)
        looks.add(frame(app))
    return looks


def test_kept_log_lines_follow_the_language_and_the_names() -> None:
    import i18n

    from buttons_game.core.notes import Note
    from buttons_game.i18n import install
    from buttons_game.ui.play.view import note_lines

    pygame.font.init()
    art.clear_caches()  # fonts of an earlier test's pygame are gone
    install("en")
    note = Note("place", "plain", (("name", 0),), (("row", 2), ("col", 3)))
    english = note_lines(note, ["Anna"], "log", 14, 2000)
    assert english == ["Anna places a button at (2, 3)."]
    assert note_lines(note, ["Ben"], "log", 14, 2000) == ["Ben places a button at (2, 3)."]
    i18n.set("locale", "de")
    try:
        assert note_lines(note, ["Anna"], "log", 14, 2000) != english
    finally:
        i18n.set("locale", "en")
    assert len(note_lines(note, ["Anna"], "log", 14, 120)) > 1  # a narrow log: wrapped


def test_a_sprite_is_scaled_once_per_size() -> None:
    from buttons_game.ui.play.motion import resized

    sprite = pygame.Surface((40, 20), pygame.SRCALPHA)
    pygame.draw.circle(sprite, (200, 30, 30, 180), (20, 10), 9)
    once = resized(sprite, 27)
    assert resized(sprite, 27) is once  # kept, not scaled again
    fresh = pygame.transform.smoothscale(sprite, (27, 14))
    assert pygame.image.tobytes(once, "RGBA") == pygame.image.tobytes(fresh, "RGBA")
    assert resized(sprite, 33).get_size() == (33, 16)
    assert resized(sprite, 40) is sprite
