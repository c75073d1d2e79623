"""Line charts of a finished game (stars by round, captures by move): round tick values,
one line and one marker shape per seat, and lines that stay apart where seats are equal.

Pure geometry (``nice_step``, ``ticks``, ``spread``, ``chart_points``) is kept apart from
the drawing, so tests can check where things go without looking at pixels.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from buttons_game.ui import art, world
from buttons_game.ui.text import fit

MARKERS = ("circle", "square", "triangle", "diamond")  # one per seat, in the colours' order


def nice_step(span: float, most: int) -> int:
    """The smallest step of 1, 2 or 5 times a power of ten that cuts ``span`` into at most
    ``most`` parts."""
    most = max(1, most)
    if span <= 0:
        return 1
    power = 10 ** max(0, math.floor(math.log10(span / most)))
    for factor in (1, 2, 5, 10):
        if span / (factor * power) <= most:
            return factor * power
    return 10 * power  # pragma: no cover - the loop always returns


def ticks(top: float, most: int) -> list[int]:
    """The tick values from 0 to at least ``top``, at a round step, at most ``most`` + 1."""
    step = nice_step(top, most)
    last = step * math.ceil(max(top, 1) / step)
    return list(range(0, last + 1, step))


def spread(values: Sequence[Sequence[int]], gap: float) -> list[list[float]]:
    """A vertical offset in pixels for each seat's point at each step: seats with the same
    value there sit ``gap`` apart, centred on it, in seat order, so no line hides another."""
    offsets = [[0.0] * len(v) for v in values]
    steps = max((len(v) for v in values), default=0)
    for i in range(steps):
        groups: dict[int, list[int]] = {}
        for p, v in enumerate(values):
            if i < len(v):
                groups.setdefault(v[i], []).append(p)
        for seats in groups.values():
            for j, p in enumerate(seats):
                offsets[p][i] = (j - (len(seats) - 1) / 2) * gap
    return offsets


@dataclass(frozen=True)
class ChartFrame:
    """Where a chart draws: its plot, its value ticks and its step ticks."""

    plot: pygame.Rect
    top: int  # the value at the plot's top edge
    steps: int  # the step at the plot's right edge
    y_ticks: list[int]
    x_ticks: list[int]

    def at(self, step: float, value: float) -> tuple[float, float]:
        return (
            self.plot.left + self.plot.width * step / max(1, self.steps),
            self.plot.bottom - self.plot.height * value / max(1, self.top),
        )


def frame(plot: pygame.Rect, top: int, steps: int, rows: int, columns: int) -> ChartFrame:
    """Round ticks for values up to ``top`` (about ``rows`` of them) and steps up to
    ``steps`` (about ``columns``)."""
    y_ticks = ticks(top, rows)
    x_step = nice_step(steps, columns)
    x_ticks = list(range(0, steps + 1, x_step))
    return ChartFrame(plot, y_ticks[-1], max(1, steps), y_ticks, x_ticks)


def chart_points(
    chart: ChartFrame, series: Sequence[Sequence[int]], gap: float
) -> list[list[tuple[float, float]]]:
    """Each seat's points in pixels, spread apart where seats have the same value."""
    offsets = spread(series, gap)
    points = []
    for p, values in enumerate(series):
        line = []
        for i, value in enumerate(values):
            x, y = chart.at(i, value)
            line.append((x, y + offsets[p][i]))
        points.append(line)
    return points


def draw_marker(
    surface: pygame.Surface, shape: str, centre: tuple[float, float], r: float, colour
) -> None:
    """A seat's marker: a circle, a square, a triangle or a diamond."""
    x, y = centre
    if shape == "circle":
        pygame.draw.circle(surface, colour, (x, y), r)
    elif shape == "square":
        k = r * 0.85
        pygame.draw.rect(surface, colour, pygame.Rect(round(x - k), round(y - k), 2 * k, 2 * k))
    elif shape == "triangle":
        k = r * 1.15
        pygame.draw.polygon(
            surface, colour, [(x, y - k), (x + k, y + k * 0.8), (x - k, y + k * 0.8)]
        )
    else:
        k = r * 1.2
        pygame.draw.polygon(surface, colour, [(x, y - k), (x + k, y), (x, y + k), (x - k, y)])


def legend_row(scale: float) -> int:
    """The height of a row of the legend under a chart (two seats a row)."""
    return max(int(round(22 * scale)), art.font(art.text_size(15 * scale), True).get_linesize())


def legend_height(seats: int, scale: float) -> int:
    """The room the legend takes under a chart of ``seats`` lines."""
    return int(round(8 * scale)) + (seats + 1) // 2 * legend_row(scale)


@dataclass(frozen=True)
class Series:
    """One seat's line: its values step by step, its colour and name."""

    values: Sequence[int]
    colour: str | tuple[int, int, int]
    name: str


def draw_line_chart(
    surface: pygame.Surface,
    rect: pygame.Rect,
    series: Sequence[Series],
    top: int,
    scale: float,
    markers: bool = False,
) -> ChartFrame:
    """A line chart in ``rect``: a line per seat from 0 up to at least ``top``, round ticks
    on both axes, a marker shape per seat (at every point with ``markers``, else at the
    last), and the seats' names with their last values under it."""

    def px(value: float) -> int:
        return int(round(value * scale))

    world.draw_mat(surface, rect, 12)
    tick_size = art.text_size(px(13))
    plot = rect.inflate(-px(70), -px(60)).move(px(14), 0)
    steps = max(1, max(len(s.values) for s in series) - 1)
    rows = max(2, plot.height // (tick_size * 2))
    columns = max(2, plot.width // (tick_size * 4))
    chart = frame(plot, top, steps, min(rows, 8), min(columns, 12))
    for value in chart.y_ticks:
        y = chart.at(0, value)[1]
        pygame.draw.line(surface, art.colour("panel_border"), (plot.left, y), (plot.right, y))
        tick = art.text(str(value), tick_size, "text_dim")
        surface.blit(tick, (plot.left - tick.get_width() - px(8), y - tick.get_height() // 2))
    for step in chart.x_ticks:
        x = chart.at(step, 0)[0]
        tick = art.text(str(step), tick_size, "text_dim")
        surface.blit(tick, (x - tick.get_width() // 2, plot.bottom + px(6)))
    width = max(2, px(3))
    r = max(3, px(4))
    colours = [art.colour(s.colour) if isinstance(s.colour, str) else s.colour for s in series]
    points = chart_points(chart, [s.values for s in series], width + 1)
    for line, colour in zip(points, colours):
        if len(line) > 1:
            pygame.draw.lines(surface, colour, False, line, width)
    for p, (line, colour) in enumerate(zip(points, colours)):
        for point in line if markers else line[-1:]:
            draw_marker(surface, MARKERS[p % len(MARKERS)], point, r, colour)
    size = art.text_size(px(15))
    row = legend_row(scale)
    half = rect.width // 2 - px(14)
    for p, (seat, colour) in enumerate(zip(series, colours)):
        c = pygame.Color(colour)
        rgb = (c.r, c.g, c.b)
        left = rect.left + px(14) + (p % 2) * rect.width // 2
        y = rect.bottom + px(8) + (p // 2) * row
        draw_marker(surface, MARKERS[p % len(MARKERS)], (left + r, y + row / 2), r, colour)
        words = fit(f"{seat.name}: {seat.values[-1]}", size, half - 2 * r - px(6), True)
        surface.blit(art.text(words, size, rgb, True), (left + 2 * r + px(6), y))
    return chart


__all__ = [
    "MARKERS",
    "ChartFrame",
    "Series",
    "chart_points",
    "draw_line_chart",
    "draw_marker",
    "frame",
    "legend_height",
    "legend_row",
    "nice_step",
    "spread",
    "ticks",
]
