"""The screens' background worker is the core's (``buttons_game.core.background``)."""

from buttons_game.core.background import Background

__all__ = ["Background"]
