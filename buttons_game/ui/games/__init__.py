"""The shipped games' screens, each a GameUI (imported by name, so a frozen build
includes them); ``play.registry`` registers them."""

from __future__ import annotations

from .buttons.plugin import UI as BUTTONS_UI
from .kopf.plugin import UI as KOPF_UI

SHIPPED = (BUTTONS_UI, KOPF_UI)
