"""Where the Kopf oder Knopf table's parts sit, and drawing them from the model alone."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import pygame

from buttons_game.core.kind import kind_of
from buttons_game.games.kopf.bots.hint import KopfHint
from buttons_game.games.kopf.engine import KopfState
from buttons_game.games.kopf.engine.board import DIRECTIONS, FORWARD
from buttons_game.i18n import language, t
from buttons_game.ui import art, world
from buttons_game.ui.games.kopf import board_art, sprites
from buttons_game.ui.play import marks
from buttons_game.ui.play.layers import Layers, solid_part
from buttons_game.ui.play.motion import between, blit_centred, ease_in_out, resized
from buttons_game.ui.play.replay_view import panel_box
from buttons_game.ui.play.view import draw_notes, draw_passing, hint_for
from buttons_game.ui.text import draw_lines, line_step, wrap, wrap_items

from .ending import draw_ending
from .model import KopfModel, Square

LETTERS = "abcdefghij"


@dataclass
class KopfLayout:
    """Every rectangle of the Kopf oder Knopf table for one window size."""

    size: tuple[int, int]
    scale: float
    top_bar: pygame.Rect
    board: pygame.Rect
    cell: int
    label: int
    panel: pygame.Rect
    cards: tuple[pygame.Rect, pygame.Rect]
    undo: pygame.Rect
    hint: pygame.Rect
    threats: pygame.Rect
    menu: pygame.Rect
    text: pygame.Rect  # prompt, hint, log
    keys: pygame.Rect

    @classmethod
    def compute(cls, size: tuple[int, int], scale: float) -> KopfLayout:
        w, h = size

        def px(v: float) -> int:
            return int(round(v * scale))

        pad = px(10)
        top = px(44)
        label = px(22)
        panel_w = max(px(330), int(w * 0.3))
        room_w = w - panel_w - 3 * pad - 2 * label  # the board's frame on every side
        room_h = h - top - pad - 2 * label
        cell = max(20, min(room_w, room_h) // 10)
        board = pygame.Rect(pad + label, top + label, 10 * cell, 10 * cell)
        top_bar = pygame.Rect(pad, 0, board.right - pad, top)
        right = board.right + label  # the frame's right edge
        panel = pygame.Rect(right + pad, pad, w - right - 2 * pad, h - 2 * pad)
        inner = panel.inflate(-2 * pad, -2 * pad)
        card_h = px(84)
        cards = (
            pygame.Rect(inner.left, inner.top, inner.width, card_h),
            pygame.Rect(inner.left, inner.top + card_h + px(8), inner.width, card_h),
        )
        y = cards[1].bottom + px(12)
        third = (inner.width - 2 * px(8)) // 3
        undo = pygame.Rect(inner.left, y, third, px(40))
        hint = pygame.Rect(undo.right + px(8), y, third, px(40))
        threats = pygame.Rect(hint.right + px(8), y, inner.right - hint.right - px(8), px(40))
        menu = pygame.Rect(inner.left, inner.bottom - px(42), inner.width, px(42))
        keys = pygame.Rect(inner.left, inner.top, inner.width, menu.top - px(6) - inner.top)
        text = pygame.Rect(inner.left, undo.bottom + px(12), inner.width, menu.top - undo.bottom)
        return cls(size, scale, top_bar, board, cell, label, panel, cards, undo, hint, threats,
                   menu, text, keys)  # fmt: skip

    def prompt_area(self) -> pygame.Rect:
        """The top of ``text``: the prompt (two lines at most) and the bot's move under it."""
        s = self.scale
        tall = 2 * line_step(int(16 * s)) + line_step(int(14 * s)) + int(8 * s)
        return pygame.Rect(self.text.left, self.text.top, self.text.width, tall)

    def square_rect(self, row: int, col: int) -> pygame.Rect:
        return pygame.Rect(
            self.board.left + (col - 1) * self.cell, self.board.top + (row - 1) * self.cell,
            self.cell, self.cell,
        )  # fmt: skip

    def framed_board(self) -> pygame.Rect:
        """The board in its frame (letters above, numbers at its left), with its shadow."""
        return self.board.inflate(2 * self.label, 2 * self.label)

    def square_at(self, pos: tuple[int, int]) -> Square | None:
        if not self.board.collidepoint(pos):
            return None
        col = (pos[0] - self.board.left) // self.cell + 1
        row = (pos[1] - self.board.top) // self.cell + 1
        return (int(row), int(col)) if 1 <= row <= 10 and 1 <= col <= 10 else None

    def tray_slot(self, captor: int, slot: int) -> pygame.Rect:
        """Where the ``slot``-th piece ``captor`` took lies in its tray."""
        card = self.cards[captor]
        d = min(int(card.height * 0.36), (card.width - 16) // 14)
        return pygame.Rect(card.left + 8 + slot * (d + 3), card.bottom - d - 8, d, d)


def pair_lines(state: KopfState, player: int) -> list[tuple[Square, Square]]:
    """Each pair of ``player`` and how far it reaches: (farthest square one way, the other)."""
    own = state.pieces(player)
    other = state.pieces(1 - player)
    lines = []
    for a in own:
        for d in FORWARD:
            dr, dc = DIRECTIONS[d]
            b = (a[0] + dr, a[1] + dc)
            if b not in own:
                continue
            reach = state.holes(*a) + state.holes(*b)
            ends = []
            for start, (sr, sc) in ((b, (dr, dc)), (a, (-dr, -dc))):
                end = start
                for k in range(1, reach + 1):
                    spot = (start[0] + sr * k, start[1] + sc * k)
                    if not (1 <= spot[0] <= 10 and 1 <= spot[1] <= 10) or spot in own:
                        break
                    end = spot
                    if spot in other:
                        break
                ends.append(end)
            lines.append((ends[1], ends[0]))
    return lines


def prompt(model: KopfModel) -> tuple[str, str]:
    """Whose move it is, and what to do, in words."""
    state = model.state
    names = model.names
    if state.is_over():
        return t("kopf.over_soon"), "accent"
    seat = state.current_player
    assert seat is not None
    if model.thinking is not None:
        return t("game.thinking", name=names[model.thinking]), "text_dim"
    if not model.here(seat):
        return t("kopf.turn_bot", name=names[seat]), "text_dim"
    if state.punishing:
        count = len(state.pending_groups())
        return t("kopf.punish", name=names[seat], count=count), "accent"
    if model.selected is not None:
        return t("kopf.choose_target", name=names[seat]), "accent"
    return t("kopf.choose_piece_prompt", name=names[seat]), "accent"


def hint_text(model: KopfModel) -> str | None:
    if model.hint_waiting:
        return t("hint.thinking")
    h = model.hint
    if h is None:
        return None
    return hint_for(model, hint_words(h))  # in hot-seat: whose


def hint_words(h: KopfHint) -> str:
    """The hint in words: its reason, then what it says of the pieces in danger."""
    sentences = [t(f"kopf_hint.{h.why}", **dict(h.values))]
    sentences += [t(f"kopf_hint_more.{key}", **dict(values)) for key, values in h.more]
    return ("" if language() == "ja" else " ").join(sentences)


class KopfDrawing:
    """Draws the whole Kopf oder Knopf table from a model and a layout; it changes neither.

    What stays still between moves is drawn once and kept (``Layers``): the board with
    the last move's frame and the threat lines, and the panel's box."""

    def __init__(self) -> None:
        self.still = Layers(limit=4)  # the board: a layer per position at most
        self.keys_box = pygame.Rect(0, 0, 0, 0)  # where the keys were drawn last
        self.log_boxes: list[pygame.Rect] = []  # and the log's lines

    def draw(
        self,
        surface: pygame.Surface,
        model: KopfModel,
        layout: KopfLayout,
        background: pygame.Color,
    ) -> None:
        # the board and the panel's box cover most of the window: the table goes around
        world.draw_table_around(surface, [layout.framed_board(), solid_part(layout.panel)])
        state = model.state
        s = layout.scale
        self._draw_still(surface, model, layout, background)
        self._draw_marks_under(surface, model, layout)
        gliding = model.motions.of("glide")
        flying = {f.square for f in model.flights} | {m.what[1] for m in gliding}
        cell = layout.cell
        d = int(cell * 0.9)
        for player in (0, 1):
            image = sprites.piece(d, player)
            for spot in state.pieces(player):
                if spot in flying:
                    continue
                rect = layout.square_rect(*spot)
                lifted = spot == model.selected  # picked up: over a larger shadow
                shown = sprites.piece(d * 27 // 25, player, lifted=True) if lifted else image
                surface.blit(shown, shown.get_rect(center=rect.center))
        self._draw_marks_over(surface, model, layout)
        self.draw_own_marks(surface, model, layout)
        self._draw_glides(surface, model, layout)
        self._draw_flights(surface, model, layout)
        title = art.text(self.heading(), int(24 * s), "accent", True)
        bar = layout.top_bar
        surface.blit(title, (bar.left + 4, bar.centery - title.get_height() // 2))
        self._draw_panel(surface, model, layout)
        if model.passing is not None:
            draw_passing(surface, model, layout.board, layout.scale, 0.85)
        draw_ending(surface, model, layout)

    def heading(self) -> str:
        """The words in the bar over the board."""
        return t("kopf.title")

    # ------------------------------------------------------------------ the board
    def _draw_still(
        self,
        surface: pygame.Surface,
        model: KopfModel,
        layout: KopfLayout,
        background: pygame.Color,
    ) -> None:
        """The board, the frame of the last move's start and the threat lines: one layer
        while the position and the board's size stay the same."""
        state = model.state
        cell = layout.cell
        board = static_board(state.setup.board, cell, layout.label)
        at = layout.framed_board()
        start = model.last_move[0] if model.last_move is not None else None
        lines = _threat_lines(state, cell) if model.show_threats and not state.is_over() else None

        window = surface.get_size()

        def draw(onto: pygame.Surface, origin: tuple[int, int]) -> None:
            dx, dy = origin[0] - at.left, origin[1] - at.top  # from the window to the layer
            onto.blit(world.wood(window), origin, at)  # the table under the letters
            onto.blit(board, origin)
            if start is not None:
                rect = layout.square_rect(*start).inflate(-cell // 3 + 2, -cell // 3 + 2)
                marks.outline(onto, rect.move(dx, dy), "last_move", max(2, cell // 16), 6)
            if lines is not None:
                onto.blit(lines, layout.board.move(dx, dy))

        key = (board, layout.label, start, lines, at.topleft, window)  # the wood under it too
        self.still.blit(surface, at, key, draw, background)

    def _draw_marks_under(
        self, surface: pygame.Surface, model: KopfModel, layout: KopfLayout
    ) -> None:
        """The marks between the board (with the threat lines) and the pieces."""
        for spot in model.targets():
            marks.ring(surface, layout.square_rect(*spot), "target", 0.09)
        trail = model.trail()
        if trail is not None:  # a bot's move: its way, fading
            spots, left = trail
            marks.trail(surface, [layout.square_rect(*spot) for spot in spots], "last_move", left)

    def draw_own_marks(self, surface: pygame.Surface, model: KopfModel, layout: KopfLayout) -> None:
        """A screen's own marks over the table's (a lesson's, a replay's)."""

    def _draw_marks_over(
        self, surface: pygame.Surface, model: KopfModel, layout: KopfLayout
    ) -> None:
        state = model.state
        cell = layout.cell
        width = max(3, cell // 12)
        me = model.viewer()
        if model.show_threats and not state.is_over():
            for player in (0, 1):
                for group in state.forbidden_groups(player):
                    for spot in group:
                        marks.outline(surface, layout.square_rect(*spot), "group", width)
            if me is not None:
                for spot in state.threatened(me):
                    marks.ring(surface, layout.square_rect(*spot), "danger")
                for spot in state.threatened(1 - me):
                    marks.ring(surface, layout.square_rect(*spot), "reach")
        for spot in model.removable():
            marks.ring(surface, layout.square_rect(*spot), "group", 0.14)
        if model.last_move is not None:
            marks.outline(surface, layout.square_rect(*model.last_move[1]), "last_move", width)
        if model.selected is not None:
            marks.ring(surface, layout.square_rect(*model.selected), "accent")
        for spot in model.advice():  # the hint: the piece and where it goes
            marks.ring(surface, layout.square_rect(*spot), "good")
        preview = model.preview()
        aim = model.hover or model.cursor
        if preview is not None and aim is not None:
            ghost = sprites.piece(int(cell * 0.9), state.to_move, faded=True)
            surface.blit(ghost, ghost.get_rect(center=layout.square_rect(*aim).center))
            built, exposed = preview
            for mark, colour in ((built, "reach"), (exposed, "danger")):
                for target in mark:
                    marks.cross(surface, layout.square_rect(*target), colour, width, 0.25)
        if model.cursor is not None:
            rect = layout.square_rect(*model.cursor)
            marks.outline(surface, rect, "accent", max(3, cell // 14), 6)
        if model.flash is not None:
            marks.cross(surface, layout.square_rect(*model.flash), "bad", width, 0.25)

    def _draw_glides(self, surface: pygame.Surface, model: KopfModel, layout: KopfLayout) -> None:
        """A moved piece on its way along its line, lifted a little as it passes over."""
        for motion in model.motions.of("glide"):
            start, end, player = motion.what
            p = ease_in_out(motion.progress)
            where = between(layout.square_rect(*start).center, layout.square_rect(*end).center, p)
            d = int(layout.cell * 0.9)
            size = int(d * (1.0 + 0.12 * math.sin(math.pi * p)))
            blit_centred(surface, resized(sprites.piece(d, player, lifted=True), size), where)

    def _draw_flights(self, surface: pygame.Surface, model: KopfModel, layout: KopfLayout) -> None:
        if not model.flights:
            return
        left = model.timers.fraction("strike")
        go = 1.0 - left
        gliding = {m.what[1] for m in model.motions.of("glide")}
        for flight in model.flights:
            if flight.square in gliding:
                continue  # struck where it just moved: it flies once it has arrived
            start = layout.square_rect(*flight.square)
            end = layout.tray_slot(1 - flight.player, flight.slot)
            x = start.centerx + (end.centerx - start.centerx) * go
            y = start.centery + (end.centery - start.centery) * go
            size = int(start.width * 0.9 + (end.width - start.width * 0.9) * go)
            image = sprites.piece(max(8, size), flight.player)
            surface.blit(image, image.get_rect(center=(int(x), int(y))))

    # ------------------------------------------------------------------ the panel
    def _draw_panel(self, surface: pygame.Surface, model: KopfModel, layout: KopfLayout) -> None:
        panel = layout.panel
        self.still.blit(
            surface, panel, "panel", lambda onto, at: panel_box(onto, pygame.Rect(at, panel.size))
        )
        self._draw_cards(surface, model, layout)
        self._draw_text(surface, model, layout)

    def _draw_cards(
        self, surface: pygame.Surface, model: KopfModel, layout: KopfLayout, counts: bool = True
    ) -> None:
        """Each player's card: name, and (with ``counts``) captures and the tray."""
        s = layout.scale
        state = model.state
        names = model.names
        flying = {(1 - f.player, f.slot) for f in model.flights}  # (captor, slot)
        for player, card in enumerate(layout.cards):
            active = state.current_player == player
            world.draw_mat(surface, card, 10, lit=active, lifted=False)  # felt, kept per size
            if active:
                pygame.draw.rect(surface, art.colour("active_border"), card, 3, border_radius=10)
            icon = sprites.piece(int(22 * s), player)
            surface.blit(icon, (card.left + 8, card.top + 8))
            size = int(18 * s)
            score = None
            if counts:
                count = t("kopf.captures", n=state.captured(player), target=state.target)
                score = art.text(count, int(16 * s), "text", True)
                surface.blit(score, (card.right - score.get_width() - 10, card.top + 10))
            left = card.left + 14 + icon.get_width()
            right = card.right - 10 - (score.get_width() + 10 if score is not None else 0)
            where = pygame.Rect(left, card.top + 8, right - left, line_step(size))
            tint = "accent" if active else "text"
            marks.draw_seat_name(surface, where, names[player], model.bot_level(player), size, tint)
            if not counts:
                continue
            for slot in range(state.target):
                rect = layout.tray_slot(player, slot)
                surface.blit(world.tray(rect.size, rect.width // 2), rect)  # a hollow
                if slot < state.captured(player) and (player, slot) not in flying:
                    image = sprites.piece(rect.width, 1 - player)
                    surface.blit(image, rect)

    def _draw_text(self, surface: pygame.Surface, model: KopfModel, layout: KopfLayout) -> None:
        s = layout.scale
        text = layout.text
        size = int(16 * s)
        words, tint = prompt(model)
        used = draw_lines(
            surface, wrap(words, size, text.width, True, keep=model.names), text, size, tint, True
        )
        below = pygame.Rect(text.left, text.top + used + int(4 * s), text.width, text.height)
        bot_line = marks.draw_bot_move(surface, model, below, int(14 * s))
        used += bot_line + int(4 * s) if bot_line else 0
        advice = hint_text(model)
        if advice:
            area = pygame.Rect(text.left, text.top + used + int(4 * s), text.width, text.height)
            used += int(4 * s) + draw_lines(
                surface,
                wrap(advice, int(15 * s), text.width, keep=model.names),
                area,
                int(15 * s),
                "legal",
            )
        key_size = int(14 * s)
        keys = wrap_items(t("kopf.keys").split(" · "), key_size, layout.keys.width)
        keys_h = len(keys) * line_step(key_size)
        key_area = pygame.Rect(
            layout.keys.left, layout.keys.bottom - keys_h, layout.keys.width, keys_h
        )
        draw_lines(surface, keys, key_area, key_size, "text_dim")
        self.keys_box = key_area
        log = pygame.Rect(
            text.left,
            text.top + used + int(8 * s),
            text.width,
            key_area.top - text.top - used - int(16 * s),
        )
        self._draw_log(surface, model, log, s)

    def _draw_log(
        self, surface: pygame.Surface, model: KopfModel, area: pygame.Rect, s: float
    ) -> None:
        pygame.draw.line(surface, art.colour("panel_border"), area.topleft, area.topright)
        section = kind_of(model.game).log_section
        self.log_boxes = []
        draw_notes(
            surface, model.log, model.names, area, int(14 * s), section, model.log_scroll,
            drawn=self.log_boxes,
        )  # fmt: skip


_lines_cache: dict[tuple, pygame.Surface] = {}


def _threat_lines(state: KopfState, cell: int) -> pygame.Surface:
    """Every pair's line and reach, drawn once per position and size."""
    key = (state.key(), cell)
    image = _lines_cache.get(key)
    if image is not None:
        return image
    image = pygame.Surface((10 * cell, 10 * cell), pygame.SRCALPHA)
    for player in (0, 1):
        c = art.colour(sprites.PLAYER_COLOURS[player])
        for a, b in pair_lines(state, player):
            start = ((a[1] - 0.5) * cell, (a[0] - 0.5) * cell)
            end = ((b[1] - 0.5) * cell, (b[0] - 0.5) * cell)
            pygame.draw.line(image, (c.r, c.g, c.b, 110), start, end, max(3, cell // 7))
            for row, col in _between(a, b):
                centre = ((col - 0.5) * cell, (row - 0.5) * cell)
                pygame.draw.circle(image, (c.r, c.g, c.b, 150), centre, max(3, cell // 10))
    if len(_lines_cache) > 8:
        _lines_cache.clear()
    _lines_cache[key] = image
    return image


def _between(a: Square, b: Square) -> list[Square]:
    dr = (b[0] > a[0]) - (b[0] < a[0])
    dc = (b[1] > a[1]) - (b[1] < a[1])
    steps = max(abs(b[0] - a[0]), abs(b[1] - a[1]))
    return [(a[0] + dr * k, a[1] + dc * k) for k in range(steps + 1)]


@lru_cache(maxsize=8)
def static_board(grid: tuple[tuple[int, ...], ...], cell: int, label: int) -> pygame.Surface:
    """The printed board in its frame ``label`` wide on every side, a to j over the columns
    and 1 to 10 down the rows, with its lip and its shadow: the squares start at
    (``label``, ``label``)."""
    return board_art.printed_board(grid, cell, label)


def clear_caches() -> None:
    static_board.cache_clear()
    board_art.clear_caches()


__all__ = ["KopfDrawing", "KopfLayout", "pair_lines", "prompt"]
