"""Drawing the seats' boards: ``BoardView`` draws a state and a set of ``Marks`` into the
rectangles of ``board_geometry`` and never changes anything."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from buttons_game.games.buttons.engine import COLOUR_MASKS, COLOURS, LAYOUTS, GameState, Status
from buttons_game.games.buttons.engine.board import bit, iter_spaces
from buttons_game.i18n import language, t
from buttons_game.ui import art, pieces, world
from buttons_game.ui.play import marks as mark
from buttons_game.ui.play.layers import RADIUS, Layers
from buttons_game.ui.play.motion import (
    blit_centred,
    drop,
    ease_out,
    faded,
    lerp,
    resized,
    swing,
)

from . import board_motion as motion
from .board_geometry import BoardGeometry, Space

STATUS_TINT = {Status.IN_ROUND: "good", Status.OPTED_OUT: "accent", Status.BUSTED: "bad"}


@dataclass
class Marks:
    """What a screen wants shown on top of the boards (highlights, hover, flashes)."""

    legal: dict[int, set[tuple[int, int]]] = field(default_factory=dict)
    gold: dict[int, set[tuple[int, int]]] = field(default_factory=dict)
    star_targets: dict[int, set[tuple[int, int]]] = field(default_factory=dict)
    hover: Space | None = None
    flash: Space | None = None
    fading: dict[int, tuple[int, float]] = field(default_factory=dict)  # seat -> (mask, 0..1 left)
    pending: set[int] = field(default_factory=set)
    cursor: Space | None = None  # the keyboard's space
    advice: Space | None = None  # the space a hint suggests
    last_move: dict[int, tuple[int, int]] = field(default_factory=dict)  # a bot's latest button
    winning: dict[int, frozenset[tuple[int, int]]] = field(default_factory=dict)  # lines of five
    busted: int | None = None  # the seat whose bust is being shown
    emphasise: int | None = None  # the board outlined as the one holding the dice
    lesson: set[Space] = field(default_factory=set)  # spaces a tutorial step talks about
    refused: set[Space] = field(default_factory=set)  # spaces a tutorial step shows as refused
    bots: dict[int, str] = field(default_factory=dict)  # seat -> its bot's level, by the name
    # Things in motion, each with its progress (0.0 starting, 1.0 arrived):
    arriving: dict[Space, float] = field(default_factory=dict)  # buttons from the supply
    settling: dict[Space, float] = field(default_factory=dict)  # stars placed, bouncing
    shaking: dict[int, float] = field(default_factory=dict)  # seat -> its board shaking (a bust)
    # seat -> (the buttons a bust took, progress) on their way back to the supply
    falling: dict[int, tuple[int, float]] = field(default_factory=dict)
    popping: list[tuple[int, str, float]] = field(default_factory=list)  # (seat, colour, p)
    trail: tuple[Space, float] | None = None  # a bot's button or star, marked (1.0 → 0.0)


class BoardView:
    """Draws every seat's board for a state. Drawing never changes the state.

    Each seat's panel with its words (name, stars, cards, depot, status, tally) and its
    printed board is drawn once and kept (``Layers``) while they stay the same; buttons,
    stars and marks go on top."""

    def __init__(self) -> None:
        self._static: dict[tuple[str, int, int, bool], pygame.Surface] = {}
        self.layers = Layers(limit=16)

    def static_board(self, layout: str, cell: int, label: int) -> pygame.Surface:
        """Board, printed buttons and the dice labels: cached per layout and size."""
        key = (layout, cell, label, art.show_symbols)
        cached = self._static.get(key)
        if cached is not None:
            return cached
        size = (6 * cell + label + 8, 6 * cell + label + 8)
        s = pygame.Surface(size, pygame.SRCALPHA)
        board = pygame.Rect(label - 4, label - 4, 6 * cell + 8, 6 * cell + 8)
        draw_printed_board(s, board, cell // 5, min(4, max(2, cell // 16)))
        grid = LAYOUTS[layout]
        d = int(cell * 0.92)
        for r in range(6):
            for c in range(6):
                x = label + c * cell + (cell - d) // 2
                y = label + r * cell + (cell - d) // 2
                s.blit(art.printed_button(grid[r][c], d), (x, y))
        ld = int(label * 0.86)
        for i in range(6):
            # rows: the white die; columns: a black die (gold pips)
            s.blit(
                art.die("white", i + 1, ld),
                ((label - ld) // 2 - 3, label + i * cell + (cell - ld) // 2),
            )
            s.blit(
                art.die("gold", i + 1, ld),
                (label + i * cell + (cell - ld) // 2, (label - ld) // 2 - 3),
            )
        if len(self._static) > 48:
            self._static.clear()
        self._static[key] = s
        return s

    def draw(
        self,
        surface: pygame.Surface,
        state: GameState,
        geometry: list[BoardGeometry],
        names: list[str],
        marks: Marks,
    ) -> None:
        for g in geometry:
            self._draw_panel(surface, state, placed(g, marks), names[g.seat], marks)

    def _draw_panel(
        self, surface: pygame.Surface, state: GameState, g: BoardGeometry, name: str, marks: Marks
    ) -> None:
        p = g.seat
        active = p == marks.emphasise
        board = self.static_board(state.layout(p), g.cell, g.label)
        at = (g.grid.left - g.label - g.panel.left, g.grid.top - g.label - g.panel.top)

        def draw(onto: pygame.Surface, origin: tuple[int, int]) -> None:
            """The panel's felt mat (the active seat's outlined in gold), the seat's words
            and the printed board."""
            box = pygame.Rect(origin, g.panel.size)
            world.draw_mat(onto, box, RADIUS, lifted=False)
            if active:
                gold = art.colour("active_border")
                pygame.draw.rect(onto, gold, box, width=4, border_radius=RADIUS)
            local = motion.shifted(g, origin[0] - g.panel.left, origin[1] - g.panel.top)
            self._draw_info(onto, state, local, name, marks, active)
            onto.blit(board, (origin[0] + at[0], origin[1] + at[1]))

        key = (board, at, active, info_key(state, g, name, marks))
        self.layers.blit(surface, g.panel, key, draw)
        cell = g.cell
        d = int(cell * 0.98)
        off = (cell - d) // 2
        for row, col in marks.legal.get(p, ()):
            surface.blit(pieces.option(cell, "legal", 0.08), g.cell_rect(row, col))
        for row, col in marks.gold.get(p, ()):
            surface.blit(pieces.option(cell, "gold", 0.10), g.cell_rect(row, col))
        grid = LAYOUTS[state.layout(p)]
        swelling = motion.swelling(state, p, marks.popping)
        for row, col in iter_spaces(state.button_mask(p)):
            if (p, row, col) in marks.arriving:
                continue  # drawn on its way, over everything
            grow = swelling.get((row, col))
            plastic = art.glass_button(d, grid[row - 1][col - 1])
            if grow is None:
                surface.blit(plastic, g.cell_rect(row, col).move(off, off))
            else:
                centre = g.cell_rect(row, col).center
                blit_centred(surface, faded(art.glow(cell, "star"), grow), centre)
                blit_centred(surface, resized(plastic, int(d * (1 + 0.3 * grow))), centre)
        for row, col in marks.star_targets.get(p, ()):
            mark.ring(surface, g.cell_rect(row, col), "star", 0.09)
        sd = int(cell * 0.95)
        for row, col in marks.winning.get(p, ()):
            surface.blit(art.glow(cell, "accent"), g.cell_rect(row, col))
        for row, col in iter_spaces(state.star_mask(p)):
            rect = g.cell_rect(row, col)
            settle = marks.settling.get((p, row, col))
            if settle is None:
                surface.blit(
                    art.star(sd), (rect.left + (cell - sd) // 2, rect.top + (cell - sd) // 2)
                )
            else:  # dropped onto its button: it bounces a little and lies still
                lift = int(drop(settle) * cell * 0.7)
                size = int(sd * lerp(1.25, 1.0, ease_out(min(1.0, settle * 2.5))))
                blit_centred(surface, resized(art.star(sd), size), rect.move(0, -lift).center)
        for row, col in marks.winning.get(p, ()):
            mark.ring(surface, g.cell_rect(row, col), "accent", 0.11)
        falling = marks.falling.get(p)
        if falling:
            motion.draw_falling(surface, state, g, *falling)
        fading = marks.fading.get(p)
        if fading:
            mask, left = fading
            rise = int((1 - left) * cell * 0.6)
            for row, col in iter_spaces(mask):
                ghost = faded(art.glass_button(d, grid[row - 1][col - 1]), left)
                surface.blit(ghost, g.cell_rect(row, col).move(off, off - rise))
        last = marks.last_move.get(p)
        if last is not None:
            mark.outline(surface, g.cell_rect(*last), "last_move", max(2, cell // 16))
        held_at = held_space(marks, p)
        if held_at is not None:  # the button held above the space it may go to
            row, col = held_at
            held = pieces.lifted(d, grid[row - 1][col - 1])
            surface.blit(held, g.cell_rect(row, col).move(off, off - pieces.lift(d)))
        if marks.advice and marks.advice[0] == p:  # the hint
            mark.ring(surface, g.cell_rect(*marks.advice[1:]), "good")
        for seat, row, col in marks.lesson:
            if seat == p:
                mark.ring(surface, g.cell_rect(row, col), "lesson", 0.14)
        for seat, row, col in marks.refused:
            if seat == p:
                mark.no_entry(surface, g.cell_rect(row, col), "bad", max(3, cell // 14))
        if marks.cursor and marks.cursor[0] == p:
            rect = g.cell_rect(marks.cursor[1], marks.cursor[2])
            mark.outline(surface, rect, "accent", max(3, cell // 14), 6)
        if marks.flash and marks.flash[0] == p:
            surface.blit(pieces.refused(cell), g.cell_rect(marks.flash[1], marks.flash[2]))
        if marks.trail is not None and marks.trail[0][0] == p:
            space, left = marks.trail
            mark.trail(surface, [g.cell_rect(*space[1:])], "last_move", left)
        if marks.busted == p:
            self._draw_bust(surface, g)
        for seat, colour_name, progress in marks.popping:
            if seat == p:
                motion.draw_pop(surface, state, g, colour_name, progress)
        for (seat, row, col), progress in marks.arriving.items():
            if seat == p and state.button_mask(p) & bit(row, col):
                motion.draw_arriving(surface, state, g, row, col, progress)

    def _draw_bust(self, surface: pygame.Surface, g: BoardGeometry) -> None:
        """The bust's own beat: a banner across the board."""
        size = max(18, g.cell // 2)
        label = art.text(t("game.bust_banner"), size, "bad", True)
        box = label.get_rect(center=g.grid.center).inflate(size, size // 2)
        pygame.draw.rect(surface, art.colour("shade"), box, border_radius=10)
        pygame.draw.rect(surface, art.colour("bad"), box, width=3, border_radius=10)
        surface.blit(label, label.get_rect(center=box.center))

    def _draw_info(
        self,
        surface: pygame.Surface,
        state: GameState,
        g: BoardGeometry,
        name: str,
        marks: Marks,
        active: bool,
    ) -> None:
        p = g.seat
        size = g.text
        tint = "accent" if active else "text"
        mark.draw_seat_name(surface, g.name, name, marks.bots.get(p), size + 2, tint)
        star_img = art.star(int(g.stars.height * 0.8))
        surface.blit(star_img, (g.stars.left, g.stars.centery - star_img.get_height() // 2))
        count = art.text(str(state.star_count(p)), size + 2, "text", True)
        surface.blit(
            count,
            (g.stars.left + star_img.get_width() + 4, g.stars.centery - count.get_height() // 2),
        )
        held = state.cards(p)
        for rect, colour_name in zip(g.card_rects(len(held)), held):
            draw_card(surface, rect, colour_name)
        # depot with the dice that really lie in it
        depot = g.depot
        surface.blit(world.tray(depot.size, 6), depot)  # a tray pressed into the felt
        dice = state.depot_dice(p)
        dd = depot.height - 6
        if dice:
            for i, value in enumerate(dice):
                surface.blit(
                    art.die("plain", value, dd), (depot.left + 3 + i * (dd + 3), depot.top + 3)
                )
        else:
            tag = art.text(t("game.depot"), max(11, int(size * 0.8)), "text_dim")
            surface.blit(tag, tag.get_rect(center=depot.center))
        status = state.status(p)
        chip = art.text(t(f"status.{status.value}"), size, STATUS_TINT[status])
        x = g.status.left
        surface.blit(chip, (x, g.status.centery - chip.get_height() // 2))
        if p in marks.pending and state.phase.value == "stars":
            due = art.text(f"+{state.stars_due(p)}", size, "star", True)
            surface.blit(due, (x + chip.get_width() + 8, g.status.centery - due.get_height() // 2))
        if not state.is_over():  # a button on its way counts once it is there
            coming = sum(bit(row, col) for seat, row, col in marks.arriving if seat == p)
            draw_tally(surface, state, g, coming)


def held_space(marks: Marks, p: int) -> tuple[int, int] | None:
    """The space of seat ``p`` a button is held above: the one under the mouse, or else
    the keyboard's when a button may go there."""
    if marks.hover and marks.hover[0] == p:
        return marks.hover[1], marks.hover[2]
    if marks.cursor and marks.cursor[0] == p:
        space = (marks.cursor[1], marks.cursor[2])
        if space in marks.legal.get(p, ()) or space in marks.gold.get(p, ()):
            return space
    return None


def draw_printed_board(s: pygame.Surface, board: pygame.Rect, radius: int, lip: int) -> None:
    """A double-sided printed board lying on the table: a soft shadow down and to the
    right, the board's thickness as a darker lip on its right and lower sides, the
    printed cardboard on top with a printed frame line."""
    for i in (3, 2, 1):  # the shadow, paler further out
        pygame.draw.rect(s, (0, 0, 0, 40 + 25 * (3 - i)), board.move(i, i), border_radius=radius)
    pygame.draw.rect(s, art.colour("board_edge"), board, border_radius=radius)
    top = pygame.Rect(board.left, board.top, board.width - lip, board.height - lip)
    face = pieces.card(top.size)
    shape = pygame.Surface(top.size, pygame.SRCALPHA)  # the card cut to the board's corners
    pygame.draw.rect(shape, (255, 255, 255, 255), shape.get_rect(), border_radius=radius)
    shape.blit(face, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    s.blit(shape, top)
    frame = top.inflate(-3, -3)
    pygame.draw.rect(s, art.colour("board_shadow"), frame, width=1, border_radius=radius - 1)


def placed(g: BoardGeometry, marks: Marks) -> BoardGeometry:
    """A seat's board where it is drawn now: shaken to the side during a bust."""
    shake = marks.shaking.get(g.seat)
    if shake is None:
        return g
    return motion.shifted(g, int(swing(shake) * g.cell * motion.SHAKE_SHARE))


def info_key(state: GameState, g: BoardGeometry, name: str, marks: Marks) -> tuple[object, ...]:
    """Everything ``BoardView._draw_info`` draws from, its places taken from the panel's
    corner: the same key, the same pixels."""
    p = g.seat
    places = (g.name, g.stars, g.depot, g.status, *g.cards, *g.tally)
    due = state.stars_due(p) if p in marks.pending and state.phase.value == "stars" else None
    coming = sum(bit(row, col) for seat, row, col in marks.arriving if seat == p)
    tally = None if state.is_over() else colour_counts(state, p, coming)
    return (
        name,
        marks.bots.get(p),
        language(),
        art.cjk_language,
        g.text,
        tuple(tuple(rect.move(-g.panel.left, -g.panel.top)) for rect in places),
        state.star_count(p),
        tuple(state.cards(p)),
        tuple(state.depot_dice(p)),
        state.status(p),
        due,
        tally,
    )


def draw_card(surface: pygame.Surface, rect: pygame.Rect, colour_name: str) -> None:
    """A button card, printed like the boards: the cardboard with a darker lip on its
    right and lower sides, a frame in the card's colour and the printed button with its
    symbol."""
    lip = max(1, min(rect.width, rect.height) // 12)
    pygame.draw.rect(surface, art.colour("board_edge"), rect, border_radius=4)
    top = pygame.Rect(rect.left, rect.top, rect.width - lip, rect.height - lip)
    surface.blit(card_face(top.size, 4), top)
    frame = top.inflate(-2, -2)
    pygame.draw.rect(surface, art.colour(colour_name), frame, width=2, border_radius=3)
    dot = art.printed_button(colour_name, max(6, int(min(top.width, top.height) * 0.8)))
    surface.blit(dot, dot.get_rect(center=top.center))


@lru_cache(maxsize=32)
def card_face(size: tuple[int, int], radius: int) -> pygame.Surface:
    """The printed cardboard of ``size`` cut to rounded corners (see-through outside)."""
    face = pygame.Surface((max(1, size[0]), max(1, size[1])), pygame.SRCALPHA)
    pygame.draw.rect(face, (255, 255, 255, 255), face.get_rect(), border_radius=radius)
    face.blit(pieces.card(face.get_size()), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return face


def colour_counts(state: GameState, seat: int, leave_out: int = 0) -> tuple[int, ...]:
    """This round's buttons of each colour on a seat's board, in the order of COLOURS, the
    stars put on them at the round's end included (without those of ``leave_out``, a mask)."""
    buttons = (state.button_mask(seat) | state.stars_this_scoring(seat)) & ~leave_out
    masks = COLOUR_MASKS[state.layout(seat)]
    return tuple((buttons & mask).bit_count() for mask in masks)


def draw_tally(
    surface: pygame.Surface, state: GameState, g: BoardGeometry, leave_out: int = 0
) -> None:
    """This round's tally per colour, "▲ 2/3": three of a colour earn a star (the buttons
    of ``leave_out`` not counted yet)."""
    counts = colour_counts(state, g.seat, leave_out)
    size = max(12, int(g.text * 0.92))
    for rect, colour_name, n in zip(g.tally, COLOURS, counts):
        d = rect.height
        icon = art.printed_button(colour_name, d)
        surface.blit(icon, (rect.left, rect.top))
        tint = "good" if n >= 3 else ("text" if n else "text_dim")
        label = art.text(f"{min(n, 9)}/3", size, tint, n >= 3)
        surface.blit(label, (rect.left + d + 3, rect.centery - label.get_height() // 2))


def mini_layout(layout: str, size: int) -> pygame.Surface:
    """A small preview of a layout for the set-up screen."""
    return _mini_layout(layout, size, art.show_symbols)


@lru_cache(maxsize=32)
def _mini_layout(layout: str, size: int, symbols: bool) -> pygame.Surface:
    """The layout's printed board, small: the cardboard with its lip and shadow, and its
    printed buttons."""
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    lip = max(1, size // 48)
    board = pygame.Rect(0, 0, size - 3, size - 3)  # room for the shadow at the right and below
    draw_printed_board(s, board, max(3, size // 14), lip)
    cell = (board.width - lip) / 6.4
    d = max(3, int(cell * 0.9))
    for r in range(6):
        for c in range(6):
            x = int(cell * 0.2 + c * cell + (cell - d) / 2)
            y = int(cell * 0.2 + r * cell + (cell - d) / 2)
            s.blit(art._printed_button(LAYOUTS[layout][r][c], d, symbols and d >= 16), (x, y))
    return s


__all__ = [
    "BoardView",
    "Marks",
    "colour_counts",
    "draw_card",
    "draw_tally",
    "mini_layout",
]
