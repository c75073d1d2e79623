"""Drawing the statistics: a table of people per game, and the dice-fairness chart.

Drawing reads only what it is given (the records, the dice, a rectangle and a
scale); the Statistics screen owns the widgets and the state.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import pygame

from buttons_game.i18n import t, text_or
from buttons_game.stats import FAIR, MIN_ROLLS, UNUSUAL, DieFairness, PlayerRecord, p_text
from buttons_game.stats.report import number, percent
from buttons_game.ui import art, world

from .text import draw_lines, fit, line_step, wrap

if TYPE_CHECKING:
    from buttons_game.core.kind import GameKind

HEAD_SIZE = 15
CELL_SIZE = 17
HEAD_LINES = 2
ROW_HEIGHT = 36
VERSUS = ("easy", "medium", "hard")


@dataclass(frozen=True)
class Column:
    head: str  # the translation key of its heading
    width: float  # its share of the table's width
    cell: Callable[[PlayerRecord], str]


def _versus(level: str) -> Column:
    def cell(record: PlayerRecord) -> str:
        games, wins = record.vs[level]
        return "–" if not games else f"{percent(wins / games)} · {wins}/{games}"

    return Column(f"stats.vs_{level}", 0.11, cell)


_COMMON = (
    Column("stats.games", 0.07, lambda r: str(r.games)),
    Column("stats.wins", 0.07, lambda r: str(r.wins)),
)
COLUMNS: dict[str, tuple[Column, ...]] = {
    "buttons": (
        Column("stats.player", 0.20, lambda r: r.name),
        *_COMMON,
        Column("stats.win_rate", 0.08, lambda r: percent(r.win_rate)),
        *(_versus(level) for level in VERSUS),
        Column("stats.stars_per_round", 0.09, lambda r: number(r.stars_per_round)),
        Column("stats.busts", 0.07, lambda r: str(r.busts)),
        Column("stats.opt_outs", 0.09, lambda r: str(r.opt_outs)),
    ),
    "kopf": (
        Column("stats.player", 0.18, lambda r: r.name),
        *_COMMON,
        Column("stats.draws", 0.07, lambda r: str(r.draws)),
        Column("stats.win_rate", 0.08, lambda r: percent(r.win_rate)),
        *(_versus(level) for level in VERSUS),
        Column("stats.captures_per_game", 0.10, lambda r: number(r.captures_per_game, 1)),
        Column("stats.turns_per_game", 0.10, lambda r: number(r.turns_per_game, 1)),
    ),
}
PAD = 8  # pixels between a cell's text and the next column, at scale 1
FIGURES_WIDTH = 0.18  # a game's own figures share this much of a plain table


def _figure(name: str) -> Column:
    return Column(f"stats.{name}", 0.0, lambda r: str(getattr(r, "figures", {}).get(name, 0)))


def generic_columns(kind: GameKind) -> tuple[Column, ...]:
    """The table of a game without columns of its own: the people's games, wins, draws,
    win rates, and the figures its kind counts (``figures``), side by side."""
    figures = [_figure(name) for name in getattr(kind, "figures", ())]
    share = FIGURES_WIDTH / max(1, len(figures))
    return (
        Column("stats.player", 0.20, lambda r: r.name),
        *_COMMON,
        Column("stats.draws", 0.07, lambda r: str(r.draws)),
        Column("stats.win_rate", 0.08, lambda r: percent(r.win_rate)),
        *(_versus(level) for level in VERSUS),
        *(replace(column, width=share) for column in figures),
    )


def column_spans(columns: tuple[Column, ...], rect: pygame.Rect) -> list[tuple[Column, int, int]]:
    """Each of ``columns`` with its left edge and width in ``rect``."""
    spans = []
    x = float(rect.left)
    for column in columns:
        width = rect.width * column.width
        spans.append((column, int(x), int(width)))
        x += width
    return spans


def head_lines(key: str, width: int, scale: float) -> list[str]:
    """A column's heading: its translation, or the figure's own name if it has none."""
    head = text_or(key, key.rsplit(".", 1)[-1].replace("_", " "))
    return wrap(head, int(HEAD_SIZE * scale), width - int(PAD * scale), True)


def rows_fitting(height: int, scale: float) -> int:
    """How many rows of people a table of ``height`` pixels shows under its heading."""
    head = line_step(HEAD_SIZE * scale) * HEAD_LINES + int(10 * scale)
    return max(1, (height - head) // int(ROW_HEIGHT * scale))


def draw_players(
    surface: pygame.Surface,
    rect: pygame.Rect,
    columns: tuple[Column, ...],
    records: list[PlayerRecord],
    scale: float,
) -> None:
    """The heading (each on at most two lines) and a row per person, striped."""
    head_size, cell_size = int(HEAD_SIZE * scale), int(CELL_SIZE * scale)
    step = line_step(head_size)
    row_h = int(ROW_HEIGHT * scale)
    pad = int(PAD * scale)
    spans = column_spans(columns, rect)
    head_h = step * HEAD_LINES + int(10 * scale)
    for column, x, width in spans:
        lines = head_lines(column.head, width, scale)[:HEAD_LINES]
        box = pygame.Rect(
            x + pad // 2, rect.top + step * (HEAD_LINES - len(lines)), width, step * 2
        )
        draw_lines(surface, lines, box, head_size, "text_dim", True)
    y = rect.top + head_h
    pygame.draw.line(
        surface, art.colour("panel_border"), (rect.left, y - 4), (rect.right, y - 4), 2
    )
    for i, record in enumerate(records):
        row = pygame.Rect(rect.left, y, rect.width, row_h)
        if i % 2 == 0:
            world.draw_mat(surface, row, 6, lifted=False, lit=True)  # a lighter felt stripe
        for j, (column, x, width) in enumerate(spans):
            text = fit(column.cell(record), cell_size, width - pad, bold=j == 0)
            image = art.text(text, cell_size, "text" if j == 0 else "text", j == 0)
            surface.blit(image, (x + pad // 2, row.centery - image.get_height() // 2))
        y += row_h


# ---------------------------------------------------------------- the dice


def verdict_text(die: DieFairness) -> tuple[str, str]:
    """The test's result in plain words, and the colour to say it in."""
    if die.verdict == FAIR:
        return t("stats.fair", p=p_text(die.p_value)), "good"
    if die.verdict == UNUSUAL:
        return t("stats.unusual", p=p_text(die.p_value)), "bad"
    return t("stats.too_few", n=die.rolls, min=MIN_ROLLS), "text_dim"


def dice_panels(rect: pygame.Rect, count: int, scale: float) -> list[pygame.Rect]:
    gap = int(20 * scale)
    width = (rect.width - gap * (count - 1)) // count
    return [
        pygame.Rect(rect.left + i * (width + gap), rect.top, width, rect.height)
        for i in range(count)
    ]


@dataclass(frozen=True)
class PanelParts:
    """Where a die's panel puts its title, chart, face row and words."""

    title: pygame.Rect
    legend: pygame.Rect
    chart: pygame.Rect
    faces: pygame.Rect
    rolls: pygame.Rect
    words: pygame.Rect


def panel_parts(panel: pygame.Rect, scale: float) -> PanelParts:
    s = scale
    inner = panel.inflate(-int(28 * s), -int(24 * s))
    title = pygame.Rect(inner.left, inner.top, inner.width, int(34 * s))
    words_h = line_step(16 * s) * 3
    words = pygame.Rect(inner.left, inner.bottom - words_h, inner.width, words_h)
    rolls = pygame.Rect(inner.left, words.top - int(30 * s), inner.width, int(24 * s))
    faces = pygame.Rect(inner.left, rolls.top - int(40 * s), inner.width, int(32 * s))
    legend = pygame.Rect(inner.left, title.bottom + int(6 * s), inner.width, int(22 * s))
    chart = pygame.Rect(inner.left, legend.bottom + int(10 * s), inner.width, 0)
    chart.height = faces.top - int(4 * s) - chart.top
    return PanelParts(title, legend, chart, faces, rolls, words)


@dataclass(frozen=True)
class DieChart:
    """Where a die's chart puts each face's bar and count, and the expected count's line."""

    bars: list[pygame.Rect]
    labels: list[pygame.Rect]  # each count's text, over its bar
    line: pygame.Rect | None  # the dashed line of the expected count (None: no rolls)


def die_chart(chart: pygame.Rect, die: DieFairness, scale: float) -> DieChart:
    """A bar per face, its count just above it, the expected count as a line across.

    The scale leaves room for a count over the tallest bar; a count the line would
    cross is lifted just over the line, so the line never runs through a number.
    """
    s = scale
    small = art.text_size(14 * s)
    label_h = art.font(small).get_linesize()
    room = max(0.05, 1 - (label_h + int(6 * s)) / max(1, chart.height))
    top = max(max(die.counts), die.expected) / room or 1.0
    slot = chart.width / 6
    bar_w = int(slot * 0.62)
    thick = max(2, int(2 * s))
    line = None
    if die.rolls:
        y = int(chart.bottom - chart.height * die.expected / top)
        line = pygame.Rect(chart.left, y - thick // 2 - 1, chart.width, thick + 2)
    bars, labels = [], []
    for face, count in enumerate(die.counts):
        cx = int(chart.left + slot * (face + 0.5))
        height = int(chart.height * count / top)
        bars.append(pygame.Rect(cx - bar_w // 2, chart.bottom - height, bar_w, height))
        width = art.font(small).size(str(count))[0] + int(6 * s)
        label = pygame.Rect(0, 0, width, label_h)
        label.midbottom = (cx, bars[-1].top - int(2 * s))
        if line is not None and label.colliderect(line):
            label.bottom = line.top - 1
        labels.append(label)
    return DieChart(bars, labels, line)


def draw_die_panel(
    surface: pygame.Surface, panel: pygame.Rect, kind: str, die: DieFairness, scale: float
) -> None:
    """One kind of die: a bar per face with its count, the expected count as a dashed line,
    the number of rolls and the test's verdict in words."""
    s = scale
    parts = panel_parts(panel, s)
    world.draw_mat(surface, panel, 12)
    icon = int(30 * s)
    surface.blit(art.die(kind, 5, icon), (parts.title.left, parts.title.top))
    title = t(f"stats.die_{kind}")
    size = int(20 * s)
    room = parts.title.width - icon - int(10 * s)
    label = art.text(fit(title, size, room, True), size, "accent", True)
    surface.blit(
        label,
        (parts.title.left + icon + int(10 * s), parts.title.centery - label.get_height() // 2),
    )
    chart = parts.chart
    drawn = die_chart(chart, die, s)
    small = art.text_size(14 * s)
    tint = verdict_text(die)[1]
    bar_colour = art.colour("legal") if tint != "bad" else art.colour("bad")
    radius = max(2, int(4 * s))
    for face, bar in enumerate(drawn.bars):
        if bar.height:
            pygame.draw.rect(
                surface,
                bar_colour,
                bar,
                border_top_left_radius=radius,
                border_top_right_radius=radius,
            )
        d = min(int(28 * s), bar.width)
        surface.blit(
            art.die(kind, face + 1, d), (bar.centerx - d // 2, parts.faces.top + int(2 * s))
        )
    pygame.draw.line(surface, art.colour("text_dim"), chart.bottomleft, chart.bottomright, 2)
    if drawn.line is not None:
        _dashed(surface, chart.left, chart.right, drawn.line.centery, s)
        # the legend: a piece of the dashed line, and what it is
        legend = parts.legend
        _dashed(surface, legend.left, legend.left + int(30 * s), legend.centery, s)
        words = t("stats.expected", value=f"{die.expected:.1f}")
        room = legend.width - int(40 * s)
        note = art.text(fit(words, small, room), small, "accent")
        surface.blit(note, note.get_rect(midleft=(legend.left + int(40 * s), legend.centery)))
    for count, box in zip(die.counts, drawn.labels):
        value = art.text(str(count), small, "text")
        surface.blit(value, value.get_rect(center=box.center))
    rolls = art.text(
        fit(t("stats.rolls", n=die.rolls), int(16 * s), parts.rolls.width), int(16 * s), "text_dim"
    )
    surface.blit(rolls, (parts.rolls.left, parts.rolls.top))
    words, tint = verdict_text(die)
    lines = wrap(words, int(16 * s), parts.words.width, True)
    draw_lines(surface, lines, parts.words, int(16 * s), tint, True)


def _dashed(surface: pygame.Surface, left: int, right: int, y: int, scale: float) -> None:
    dash = int(10 * scale)
    for x in range(left, right, dash * 2):
        end = min(x + dash, right)
        pygame.draw.line(surface, art.colour("accent"), (x, y), (end, y), max(2, int(2 * scale)))
