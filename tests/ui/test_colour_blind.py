"""Colour-blind friendly boards: the four colours carry four distinct shapes."""

from __future__ import annotations

import itertools

import pygame
import pytest

from buttons_game.games.buttons.engine import COLOURS
from buttons_game.ui import art
from buttons_game.ui.vision import simulate, simulate_colour

SIZE = 48


def symbol_mask(image: pygame.Surface) -> set[tuple[int, int]]:
    """The near-white pixels: the symbol (white looks white to everyone)."""
    return {
        (x, y)
        for x in range(image.get_width())
        for y in range(image.get_height())
        if min(image.get_at((x, y))[:3]) > 225 and image.get_at((x, y)).a > 200
    }


@pytest.fixture
def symbols(make_app):
    make_app()  # fonts, display and the palette, as in the game
    art.show_symbols = True
    yield
    art.show_symbols = True


def colour_distance(a, b) -> float:
    return sum((x - y) ** 2 for x, y in zip(a, b)) ** 0.5


@pytest.mark.parametrize("kind", ["deuteranopia", "protanopia"])
def test_red_and_green_collapse_without_symbols_but_shapes_stay_distinct(symbols, kind):
    red, green = art.colour("red"), art.colour("green")
    seen = colour_distance(red[:3], green[:3])
    simulated = colour_distance(
        simulate_colour(tuple(red[:3]), kind), simulate_colour(tuple(green[:3]), kind)
    )
    assert simulated < seen * 0.6, "the simulation shows why colour alone is not enough"
    masks = {}
    for colour in COLOURS:
        image = simulate(art.printed_button(colour, SIZE), kind)
        masks[colour] = symbol_mask(image)
        assert len(masks[colour]) > SIZE * SIZE * 0.035, f"{colour} has a visible symbol"

    # Two different symbols must overlap less than one symbol does with itself moved by 2 px.
    def overlap(m1, m2):
        return len(m1 & m2) / len(m1 | m2)

    for a, b in itertools.combinations(COLOURS, 2):
        moved = {(x + 2, y) for x, y in masks[a]}
        assert overlap(masks[a], masks[b]) < overlap(masks[a], moved), f"{a} and {b} look alike"


def test_symbols_can_be_turned_off(symbols):
    art.show_symbols = False
    plain = art.printed_button("red", SIZE)
    assert len(symbol_mask(plain)) < SIZE * SIZE * 0.01
    art.show_symbols = True
    assert len(symbol_mask(art.printed_button("red", SIZE))) > SIZE * SIZE * 0.035
