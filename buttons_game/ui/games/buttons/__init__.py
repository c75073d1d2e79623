"""The BUTTONS table: a model of what is shown, one session that changes it, its drawing,
and the game's screens as the app asks for them (``plugin``)."""

from . import plugin as plugin
