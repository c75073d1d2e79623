"""Where the table's parts sit, and drawing them from the model alone."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from buttons_game.core.kind import kind_of
from buttons_game.games.buttons.bots.hint import Hint
from buttons_game.games.buttons.engine import OptOut, Phase, Place, PlaceStar, Skip
from buttons_game.i18n import t
from buttons_game.ui import art, world
from buttons_game.ui.play import marks as mark
from buttons_game.ui.play.layers import Layers, solid_part
from buttons_game.ui.play.motion import between, blit_centred, hop, lerp
from buttons_game.ui.play.replay_view import panel_box
from buttons_game.ui.play.view import TONES, draw_notes, draw_passing, draw_tooltip, hint_for
from buttons_game.ui.text import draw_lines, fit, line_step, wrap, wrap_items

from . import ending
from .board_geometry import BoardGeometry, board_rect
from .boards import BoardView, Marks, placed
from .model import TableModel, Tumble
from .table_layout import arrange, column_parts, strip_parts
from .tutorial import tutorial_text

HEADER = 32  # the round, who starts it, Undo, Hint and Menu above the boards (before scaling)
SIDE_MIN, SIDE_MAX = 190, 330  # the side panel's width (before scaling)
STRIP_MIN, STRIP_MAX = 120, 240  # the side panel's height as a strip under the boards
PANEL_MIN = 300  # the side panel holding the round's summary, its review or the replay's
HEADER_BUTTON = 140  # Undo, Hint and Menu in the header, each this wide (before scaling)
PRACTICE = 42  # the tutorial's "Play a game" under its closing card (before scaling)


@dataclass
class TableLayout:
    """Every rectangle of the table for one window size and seat count."""

    size: tuple[int, int]
    scale: float
    top_bar: pygame.Rect
    board_area: pygame.Rect
    boards: list[BoardGeometry]
    side: pygame.Rect
    dice: list[pygame.Rect]
    roll: pygame.Rect
    opt_out: pygame.Rect
    undo: pygame.Rect
    hint: pygame.Rect
    menu: pygame.Rect
    prompt: pygame.Rect
    log: pygame.Rect
    keys: pygame.Rect
    below: bool  # the side panel is a strip under the boards, in columns

    @classmethod
    def compute(
        cls,
        size: tuple[int, int],
        players: int,
        scale: float,
        side_min: int = SIDE_MIN,
        strip: bool = True,
    ) -> TableLayout:
        """The largest boards for the window; ``side_min``: the side panel's narrowest width
        (before scaling): wider for the round's summary and review and for the replay;
        ``strip``: the side panel may become a strip under the boards when that gives them
        more room."""

        def px(v: float) -> int:
            return int(round(v * scale))

        # The largest boards the window allows, the round's header right above them; the
        # side panel takes the room they leave.
        arrangement = arrange(
            size,
            players,
            scale,
            header=px(HEADER),
            side_min=px(side_min),
            side_max=px(max(side_min, SIDE_MAX)),
            strip=(px(STRIP_MIN), px(STRIP_MAX)) if strip else None,
        )
        top_bar = arrangement.header
        side = arrangement.side
        parts = (strip_parts if arrangement.below else column_parts)(side, px)
        # Undo, Hint and the menu at the header's right end: the side panel keeps its room
        # for what is said of the game
        menu = pygame.Rect(0, top_bar.top + px(2), px(HEADER_BUTTON), top_bar.height - px(4))
        menu.right = top_bar.right
        hint = menu.move(-menu.width - px(8), 0)
        undo = hint.move(-menu.width - px(8), 0)
        dice, roll, opt_out, prompt_room, log, keys = parts
        return cls(size, scale, top_bar, arrangement.board_area, arrangement.boards, side,
                   dice, roll, opt_out, undo, hint, menu, prompt_room, log, keys,
                   arrangement.below)  # fmt: skip

    def space_at(self, pos: tuple[int, int]) -> tuple[int, int, int] | None:
        for g in self.boards:
            cell = g.cell_at(pos)
            if cell:
                return (g.seat, *cell)
        return None


def prompt(model: TableModel) -> tuple[str, str]:
    """Whose move it is, in words."""
    state = model.state
    names = model.names
    if state.is_over():
        return t("game.over_soon"), "accent"
    if model.busted is not None:
        return t("game.bust", name=names[model.busted], count=state.dice_per_exit), "bad"
    if model.thinking is not None:
        return t("game.thinking", name=names[model.thinking]), "text_dim"
    a = state.active_player
    if state.phase is Phase.TURN:
        if not model.here(a):
            return t("game.turn_bot", name=names[a]), "text_dim"
        key = "game.turn_human" if state.button_mask(a) else "game.turn_human_first"
        return t(key, name=names[a]), "accent"
    if state.phase is Phase.ROLLING:
        return t("game.rolling", name=names[a]), "text"
    if state.phase is Phase.STARS and (not state.pending_players or model.summary_due):
        # a round nobody scored in, or one whose summary has still to show: it is over
        return t("log.round_over", round=state.round_number), "text_dim"
    dice = state.dice
    pending = model.human_pending()
    if state.phase is Phase.STARS and pending:
        due = [t("game.stars_due", name=names[p], count=state.stars_due(p)) for p in pending]
        return t("game.place_stars") + "\n" + " · ".join(due), "accent"
    lines = []
    if dice is not None and a in pending:
        lines.append(t("game.place_active", name=names[a], row=dice.white))
    gold = [names[p] for p in pending if p != a]
    if dice is not None and gold:
        lines.append(t("game.place_gold", names=", ".join(gold), row=dice.white, col=dice.gold))
    if not lines:
        waiting = [names[p] for p in state.pending_players]
        return t("game.waiting", names=", ".join(waiting)), "text_dim"
    return "\n".join(lines), "accent"


def hint_lines(model: TableModel) -> list[str]:
    """The hint in words: the advice, the exact bust chance, the expected stars."""
    if model.hint_waiting:
        return [t("hint.thinking")]
    h: Hint | None = model.hint
    if h is None:
        return []
    lines = []
    action = h.action
    if isinstance(action, Place):
        lines.append(t("hint.place", row=action.row, col=action.col))
    elif isinstance(action, PlaceStar):
        key = "hint.star_line" if h.line_target else "hint.star"
        lines.append(t(key, row=action.row, col=action.col))
    elif isinstance(action, Skip):
        lines.append(t("hint.skip"))
    elif isinstance(action, OptOut):
        lines.append(t("hint.opt_out"))
    else:
        lines.append(t("hint.roll"))
    lines[0] = hint_for(model, lines[0])  # in hot-seat: whose hint it is
    if h.phase is Phase.TURN:
        lines.append(t("hint.bust", percent=f"{100 * h.bust_probability:.1f}"))
        roll = f"{h.roll_value:.2f}" if h.roll_value is not None else "–"
        if h.stop_value is None:
            lines.append(t("hint.values_no_stop", roll=roll))
        else:
            lines.append(t("hint.values", roll=roll, stop=f"{h.stop_value:.0f}"))
    elif h.options:
        best = sorted(h.options, key=lambda option: -option[1])[:3]
        shown = []
        for option, value in best:
            where = (
                f"({option.row}, {option.col})"  # type: ignore[union-attr]
                if isinstance(option, Place)
                else t("hint.skip_short")
            )
            shown.append(f"{where} {value:.2f}")
        lines.append(t("hint.options", options=" · ".join(shown)))
    return lines


def tumble_pose(
    tumble: Tumble, die: int, progress: float, rect: pygame.Rect, area: pygame.Rect
) -> tuple[tuple[int, int], float]:
    """Where die ``die`` is at ``progress`` of its roll (its centre) and how far it is turned:
    thrown from its start in ``area``, bouncing on its way to ``rect``, where it lies still
    and straight at the end."""
    fx, fy = tumble.starts[die % len(tumble.starts)]
    start = (area.left + fx * area.width, area.top + fy * area.height)
    x, y = between(start, rect.center, 1.0 - (1.0 - progress) ** 2)
    y -= int(hop(progress, 3) * rect.height * 0.6)  # bouncing on its way
    # a turned die is wider: it keeps clear of the area's edges, until it lies still
    margin = int(rect.width * lerp(0.7, 0.5, progress))
    x = min(max(x, area.left + margin), area.right - margin)
    y = min(max(y, area.top + margin), area.bottom - margin)
    return (x, y), tumble.turned(die, progress)


class TableDrawing:
    """Draws the whole table from a model and a layout; it changes neither."""

    def __init__(self) -> None:
        self.boards = BoardView()
        self.still = Layers(limit=2)  # the side panel's box
        self.tutorial_overflow = 0
        self.tutorial_box: pygame.Rect | None = None
        self.keys_box = pygame.Rect(0, 0, 0, 0)  # where the keys were drawn last
        self.log_boxes: list[pygame.Rect] = []  # and the hint's and the log's lines

    def draw(
        self,
        surface: pygame.Surface,
        model: TableModel,
        layout: TableLayout,
        background: pygame.Color,
        marks: Marks | None = None,
    ) -> None:
        marks = marks if marks is not None else model.marks()
        # the panels' boxes cover most of the window: the table goes around them
        panels = [placed(g, marks).panel for g in layout.boards] + [layout.side]
        world.draw_table_around(surface, [solid_part(panel) for panel in panels])
        self.boards.draw(surface, model.state, layout.boards, model.names, marks)
        self.draw_header(surface, model, layout)
        self.draw_side(surface, model, layout)
        if model.passing is not None:
            draw_passing(surface, model, layout.board_area, layout.scale, 0.8)
        ending.draw(surface, model, layout)
        self.draw_tooltip(surface, model, layout)

    def draw_header(self, surface: pygame.Surface, model: TableModel, layout: TableLayout) -> None:
        """The round, and who starts it, on one line above the boards."""
        s = layout.scale
        bar = layout.top_bar
        state = model.state
        title = art.text(t("game.round", n=state.round_number), int(21 * s), "accent", True)
        surface.blit(title, (bar.left + 4, bar.centery - title.get_height() // 2))
        if model.round_start is not None:
            text = t("game.round_start", n=state.round_number, name=model.names[model.round_start])
            x = bar.left + title.get_width() + int(20 * s)
            text = fit(text, int(17 * s), layout.undo.left - int(12 * s) - x, True)
            banner = art.text(text, int(17 * s), "text", True)
            surface.blit(banner, (x, bar.centery - banner.get_height() // 2))

    def draw_side(self, surface: pygame.Surface, model: TableModel, layout: TableLayout) -> None:
        """The side panel: the dice in hand, the prompt, the bot's move, the log (or the
        tutorial's card) and the keys; at the right, or in columns as a strip below."""
        s = layout.scale
        side = layout.side
        self.still.blit(
            surface, side, "side", lambda onto, at: panel_box(onto, pygame.Rect(at, side.size))
        )
        size = int(16 * s)
        column = layout.roll.left - layout.dice[0].left - int(8 * s)
        words = fit(t("game.in_hand"), size, column, True) if layout.below else t("game.in_hand")
        head = art.text(words, size, "text_dim", True)
        surface.blit(head, (layout.dice[0].left, side.top + int(10 * s)))
        self.draw_dice(surface, model, layout)
        text, tint = prompt(model)
        room = layout.prompt.copy()
        room.height = line_step(size) * 6  # at most six lines
        if layout.below:
            room.height = min(room.height, layout.prompt.height)
        used = draw_lines(
            surface, wrap(text, size, room.width, True, keep=model.names), room, size, tint, True
        )
        below = pygame.Rect(room.left, room.top + used + int(4 * s), room.width, room.height)
        if layout.below:  # the bot's move under the prompt, in the prompt's column
            below.height = layout.prompt.bottom - below.top
        bot_line = 0
        if below.height >= line_step(int(14 * s)):
            bot_line = mark.draw_bot_move(surface, model, below, int(14 * s))
        used += bot_line + int(4 * s) if bot_line else 0
        key_size = int(14 * s)
        # In the tutorial its card takes the keys' room too: each step names its keys.
        keys = (
            []
            if model.tutorial
            else wrap_items(t("game.keys").split(" · "), key_size, layout.keys.width)
        )
        keys_h = len(keys) * line_step(key_size)
        if model.tutorial is not None and model.tutorial.number > model.tutorial.total:
            keys_h = int(round(PRACTICE * s))  # the done card's "Play a game" stands under it
        area = pygame.Rect(layout.keys.left, layout.keys.bottom - keys_h, layout.keys.width, keys_h)
        if layout.below:  # the keys at the top of their column; the log in its own
            area.top = layout.keys.top
            log = layout.log.union(layout.keys) if model.tutorial else layout.log
            if model.tutorial is not None and model.tutorial.number > model.tutorial.total:
                log.height -= keys_h + int(8 * s)  # "Play a game" at the keys' foot, under it
        else:
            top = layout.prompt.top + used + int(8 * s)
            log = pygame.Rect(layout.log.left, top, layout.log.width, area.top - int(8 * s) - top)
        draw_lines(surface, keys, area, key_size, "text_dim")
        self.keys_box = area if keys else pygame.Rect(0, 0, 0, 0)
        self.log_boxes = []
        if model.tutorial is not None:
            self.draw_tutorial(surface, model, log, s)
        else:
            self.draw_log(surface, model, log, s)

    def draw_dice(self, surface: pygame.Surface, model: TableModel, layout: TableLayout) -> None:
        """The dice in hand; in the air they tumble across the panel to their places, then
        land with a small bounce."""
        slots = layout.dice
        flying = model.roll_progress()
        tumble = model.tumble
        landing = model.motions.progress("land", "dice")
        area = slots[0].unionall(slots[1:])
        for i, (rect, (kind, value)) in enumerate(zip(slots, model.dice_shown())):
            image = art.die(kind, value, rect.width)
            if flying is not None and tumble is not None:
                where, turned = tumble_pose(tumble, i, flying, rect, area)
                blit_centred(surface, pygame.transform.rotozoom(image, turned, 1.0), where)
            elif landing is not None:
                surface.blit(image, rect.move(0, -int(hop(landing) * rect.height * 0.22)))
            else:
                surface.blit(image, rect)

    def draw_tutorial(
        self, surface: pygame.Surface, model: TableModel, area: pygame.Rect, s: float
    ) -> None:
        """The tutorial's step in place of the log: where it stands, its title and its text."""
        card = model.tutorial
        assert card is not None
        box = area.inflate(0, -int(4 * s))
        self.tutorial_box = box  # the card's frame: the layout test reads it
        pygame.draw.rect(surface, art.colour("shade"), box, border_radius=10)
        pygame.draw.rect(surface, art.colour("lesson"), box, width=2, border_radius=10)
        inner = box.inflate(-int(16 * s), -int(14 * s))
        size = int(13 * s)
        where = (
            t("tutorial.done_all")
            if card.number > card.total
            else t("tutorial.step", n=card.number, total=card.total)
        )
        y = inner.top
        y += draw_lines(
            surface, [where], pygame.Rect(inner.left, y, inner.width, size * 2), size, "text_dim"
        )
        size = int(17 * s)
        title = wrap(t(f"tutorial.{card.key}.title"), size, inner.width, True)
        y += draw_lines(
            surface,
            title,
            pygame.Rect(inner.left, y, inner.width, inner.bottom - y),
            size,
            "lesson",
            True,
        )
        y += int(6 * s)
        size = int(15 * s)
        text = wrap(tutorial_text(model), size, inner.width, keep=model.names)
        draw_lines(
            surface, text, pygame.Rect(inner.left, y, inner.width, inner.bottom - y), size, "text"
        )
        # how many pixels of text did not fit (0 when all of it shows): the fit test reads it
        self.tutorial_overflow = max(0, y + len(text) * line_step(size) - inner.bottom)

    def draw_log(
        self, surface: pygame.Surface, model: TableModel, area: pygame.Rect, s: float
    ) -> None:
        """Hint lines, then the log: newest at the bottom, scrolled back with the wheel."""
        advice = hint_lines(model)
        self.log_boxes = []
        if advice:
            size = int(15 * s)
            wrapped = [
                line for text in advice for line in wrap(text, size, area.width, keep=model.names)
            ]
            h = draw_lines(surface, wrapped, area, size, "legal")
            self.log_boxes.append(pygame.Rect(area.left, area.top, area.width, h))
            area = pygame.Rect(
                area.left, area.top + h + int(6 * s), area.width, area.height - h - int(6 * s)
            )
        pygame.draw.line(surface, art.colour("panel_border"), area.topleft, area.topright)
        section = kind_of(model.game).log_section
        newest = draw_notes(
            surface, model.log, model.names, area, int(14 * s), section, model.log_scroll,
            drawn=self.log_boxes,
        )  # fmt: skip
        if newest < len(model.log):
            more = art.text(t("game.log_newer"), int(12 * s), "accent")
            surface.blit(more, (area.right - more.get_width(), area.bottom - more.get_height()))

    def draw_tooltip(
        self, surface: pygame.Surface, model: TableModel, layout: TableLayout
    ) -> pygame.Rect | None:
        """What a die, a button card or the gold space under the mouse does: beside it,
        never over the board of a seat deciding now. Where it went (None: no tooltip)."""
        pos = model.pointer
        if pos is None:
            return None
        text = None
        anchor = None
        for rect, (kind, _) in zip(layout.dice, model.dice_shown()):
            if rect.collidepoint(pos):
                text, anchor = t(f"game.die_{kind}"), rect
        state = model.state
        for g in layout.boards:
            held = state.cards(g.seat)
            for rect, colour_name in zip(g.card_rects(len(held)), held):
                if rect.collidepoint(pos):
                    key = "game.card_red_tip" if colour_name == "red" else "game.card_tip"
                    text = t(key, colour=t(f"colour.{colour_name}"), name=model.names[g.seat])
                    anchor = rect
        deciding_gold = model.gold_seats()
        for g in layout.boards:
            cell = g.cell_at(pos)
            if cell is not None and g.seat in deciding_gold and cell in gold_spaces(model, g.seat):
                text, anchor = t("game.gold_space_tip"), g.cell_rect(*cell)
        if text is None or anchor is None:
            return None
        widgets = [layout.roll, layout.opt_out, layout.undo, layout.hint, layout.menu]
        avoid = deciding_boards(model, layout) + gold_buttons(model, layout) + widgets
        rather = [layout.prompt, *layout.dice]  # what the one deciding reads
        return draw_tooltip(surface, text, anchor, layout.scale, model.names, avoid, rather)


def gold_spaces(model: TableModel, seat: int) -> set[tuple[int, int]]:
    """The spaces ``seat`` may place on from the gold space of this roll."""
    return {(a.row, a.col) for a in model.state.legal_actions(seat) if isinstance(a, Place)}


def gold_buttons(model: TableModel, layout: TableLayout) -> list[pygame.Rect]:
    """Where the Place / Skip buttons stand (the widgets are drawn over the table)."""
    seats = model.gold_seats()
    return [g.actions for g in layout.boards if g.seat in seats]


def deciding_boards(model: TableModel, layout: TableLayout) -> list[pygame.Rect]:
    """The printed boards of the seats deciding now (a tooltip stays off them)."""
    seats = model.deciding_seats()
    return [board_rect(g) for g in layout.boards if g.seat in seats]


__all__ = [
    "TONES",
    "TableDrawing",
    "TableLayout",
    "deciding_boards",
    "draw_notes",
    "draw_tooltip",
    "hint_lines",
    "prompt",
    "tumble_pose",
]
