"""Speech for players without sight, with no pygame: the backends that reach the player's
own screen reader or the system's voice (``backends``), the speaker that never blocks the
frame loop and keeps a history (``speaker``), and whether a screen reader runs
(``detect``). The window (``ui.voice``) decides what is said."""

from .backends import Backend, Recording, choose_backend
from .speaker import Speaker, speaking_seconds

__all__ = ["Backend", "Recording", "Speaker", "choose_backend", "speaking_seconds"]
