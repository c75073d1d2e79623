"""Random clicks and keys on every screen: nothing may raise. The small twin of
``benchmarks/monkey.py`` (thousands of events on every screen)."""

from __future__ import annotations

import pytest

from benchmarks.monkey import SCREENS, monkey, screen_rng

from ..soak import volumes

# Every screen gets its longer run as slow; the short run of the busiest screens is quick,
# the short run of the others slow too. The long soak is the benchmark's.
QUICK_SCREENS = ("game", "kopf", "over", "replay")


@pytest.mark.parametrize(
    "which, events",
    [
        pytest.param(
            which,
            volume.values[0],
            id=f"{which}-{volume.id}",
            marks=() if which in QUICK_SCREENS and not volume.marks else pytest.mark.slow,
        )
        for which in SCREENS
        for volume in volumes(20, 150)
    ],
)
def test_random_clicks_and_keys_never_crash(make_app, which, events):
    app = make_app(window=(1280, 720))
    monkey(app, which, events, screen_rng(which))
