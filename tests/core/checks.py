"""Counting the engine's checked path: how often a state class's ``apply`` and
``problem`` run (a submitted action must take it exactly once)."""

from __future__ import annotations

from typing import Any

import pytest


class CountingChecks:
    """Counts calls of an engine state's checked ``apply`` and ``problem``."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, cls: type) -> None:
        self.calls = 0
        for name in ("apply", "problem"):
            original = getattr(cls, name)

            def counted(state: Any, action: Any, _original: Any = original) -> Any:
                self.calls += 1
                return _original(state, action)

            monkeypatch.setattr(cls, name, counted)
