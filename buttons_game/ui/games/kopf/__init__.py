"""The Kopf oder Knopf table: its model, one session that changes it, its drawing, and the
game's screens as the app asks for them (``plugin``)."""

from . import plugin as plugin
