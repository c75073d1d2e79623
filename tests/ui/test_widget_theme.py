"""The widgets' theme: readable text in every state, drop-down lists as wide as their box."""

from __future__ import annotations

import pytest

from buttons_game.ui import theme

from .conftest import click_widget, settle, step

BUTTONS = ("button", "#big_button", "#primary", "#seat_place", "#danger", "#delete", "#seat_skip",
           "drop_down_menu.#drop_down_options_list.button")  # fmt: skip
STATES = ("normal", "hovered", "selected", "active")
# WCAG 2 (1.4.3) asks nothing of the text of an inactive control; the disabled buttons
# keep 3:1 all the same, so that "Continue" greyed out can still be read.
DISABLED = 3.0


def luminance(colour: str) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    rgb = [int(colour.lstrip("#")[i : i + 2], 16) for i in (0, 2, 4)]
    return 0.2126 * channel(rgb[0]) + 0.7152 * channel(rgb[1]) + 0.0722 * channel(rgb[2])


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def stops(value: str) -> list[str]:
    """The colours of a theme colour: one, or a gradient's stops ("#a,#b,90")."""
    return [part for part in value.split(",") if part.startswith("#")]


def colours_of(block: str) -> dict[str, str]:
    data = theme._base()
    merged = dict(data["defaults"]["colours"])
    merged.update(data.get(block, {}).get("colours", {}))
    return merged


def test_contrast_of_the_gradient_helpers():
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert stops("#ecc05a,#c28b25,90") == ["#ecc05a", "#c28b25"]


@pytest.mark.parametrize("block", BUTTONS)
def test_every_button_states_text_stands_out_from_its_background(block):
    colours = colours_of(block)
    for state in STATES:
        for bg in stops(colours[f"{state}_bg"]):
            ratio = contrast(colours[f"{state}_text"], bg)
            assert ratio >= 4.5, (block, state, bg, round(ratio, 2))
    for bg in stops(colours["disabled_bg"]):
        ratio = contrast(colours["disabled_text"], bg)
        assert ratio >= DISABLED, (block, "disabled", bg, round(ratio, 2))


@pytest.mark.parametrize("block", ["tool_tip", "text_box", "text_entry_line", "label"])
def test_text_in_boxes_and_tooltips_stands_out(block):
    colours = colours_of(block)
    bg = colours["dark_bg"] if block != "label" else theme._base()["#palette"]["colours"]["panel"]
    assert contrast(colours["normal_text"], bg) >= 4.5, block


def test_widgets_are_not_framed_in_the_background_navy():
    """On a felt panel a widget needs an edge of its own, not the window's flat colour."""
    background = theme._base()["#palette"]["colours"]["background"]
    for block in ("button", "drop_down_menu", "text_box", "text_entry_line"):
        assert colours_of(block)["normal_border"] != background
        assert contrast(colours_of(block)["normal_border"], background) >= 3.0, block


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_an_open_drop_downs_list_is_as_wide_as_its_box(make_app, size):
    app = make_app(window=size)
    app.show_settings()
    settle(app)
    menu = app.top.language
    click_widget(app, menu)
    step(app, 2)
    assert menu.current_state is menu.menu_states["expanded"]
    rows = menu.current_state.options_selection_list
    assert rows.rect.width == menu.rect.width, (rows.rect, menu.rect)
    assert rows.rect.left == menu.rect.left
