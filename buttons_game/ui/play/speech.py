"""What a table says aloud, whatever the game: the log's notes as they happen, whose
turn it is and what they may do, refusals, the board cursor and the answers to the
question keys (``Ask``).

A game's reader (``ui/games/<game>/speech.py``) gives the words of its board: the prompt,
the cursor's square, the legal moves (each named by its square or its key, so a program
can parse them back), the boards, the dice, the score. The session calls it; it reads the
model only and never changes the game. Everything is said through the app's voice and
only when speech is on: with speech off a table is as it was.

Answers a program parses keep one shape in every language: a list of moves is its count,
a colon, then the moves separated by semicolons ("3 moves: roll, key R; ..."); a square of
BUTTONS is "row R, column C" with its digits, one of Kopf oder Knopf its name ("c7").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from buttons_game.core.notes import Note
from buttons_game.i18n import t

from .model import note_text

if TYPE_CHECKING:
    from .session import PlaySession

ALL, MINE = "all", "mine"  # ``settings.speech_detail``: every move, or what concerns us
LOG_LINES = 5  # the log on demand: this many lines a press, further back each time
# The sound cues of the cursor and the turn (ui/sound.py); never the only carrier: the
# same is said in words.
CUE_LEGAL, CUE_ILLEGAL, CUE_THREAT, CUE_TURN = "cue_legal", "cue_illegal", "cue_threat", "cue_turn"


PLACE = re.compile(r"[(（](\d+)[,，、]\s*(\d+)[)）]")


def said_places(text: str) -> str:
    """A place the log writes as "(4, 3)" said as "row 4, column 3", as the cursor and
    the list of moves say it."""
    return PLACE.sub(lambda m: t("table_speech.place", row=m.group(1), col=m.group(2)), text)


def listing(key: str, items: Sequence[str]) -> str:
    """A counted list in words: ``key`` has plural forms on ``count`` and takes ``items``
    joined by semicolons (the shape a program parses back)."""
    return t(key, count=len(items), items="; ".join(items))


class Reader:
    """The words of one game's table. A game fills the hooks; the kit keeps what was said
    (the prompt, the log on demand) and decides when to speak."""

    BIG: ClassVar[frozenset[str]] = frozenset()  # log keys said at "mine" whoever they name

    def __init__(self, session: PlaySession) -> None:
        self.session = session
        self.last_prompt: str | None = None
        self.log_back = 0  # the log on demand: lines already read back from the newest
        self.other = -1  # the other player's board read last (A cycles through them)

    @property
    def model(self) -> Any:
        return self.session.model

    @property
    def names(self) -> list[str]:
        return list(self.model.names)

    def section(self) -> str:
        return str(self.session.match.kind.log_section)

    # ------------------------------------------------------------------ hooks
    def prompt(self) -> str | None:
        """Whose turn it is and what they may do (None: nothing to say)."""
        return None

    def person_deciding(self) -> int | None:
        """The person at this screen who decides now (None: nobody here)."""
        return None

    def moves(self) -> list[str]:
        """The legal moves of the person deciding here, each in words a program parses."""
        return []

    def cursor(self) -> tuple[str, str] | None:
        """The board cursor's square in words and its cue (None: no cursor)."""
        return None

    def board(self, one_row: bool) -> str:
        """My board, row by row (``one_row``: only the cursor's row)."""
        return ""

    def own_answer(self, what: str, shifted: bool) -> str | None:
        """The game's own questions (the dice, the pieces in danger ...)."""
        return None

    def card(self) -> str | None:
        """A tutorial's or lesson's text being shown (said once when it changes)."""
        return None

    # ------------------------------------------------------------------ words
    def notes_said(self, notes: Sequence[Note], detail: str) -> list[str]:
        """The log's notes of a change in words: all, or at "mine" those that name a person
        here and the game's big moments."""
        names, section = self.names, self.section()
        said = []
        for note in notes:
            ours = any(self.model.here(seat) for _, seat in note.seats)
            if detail != MINE or ours or note.key in self.BIG:
                said.append(note_text(note, names, section))
        return said

    def moves_text(self) -> str:
        seat = self.person_deciding()
        if seat is None:
            return self.not_yours()
        return listing("table_speech.moves", self.moves())

    def not_yours(self) -> str:
        state = self.model.state
        if state.is_over():
            return t("table_speech.over")
        return t("table_speech.not_yours", prompt=self.prompt() or "")

    def where(self) -> str:
        parts = [self.prompt() or ""]
        spot = self.cursor()
        if spot is not None:
            parts.append(t("table_speech.cursor_at", square=spot[0]))
        return " ".join(part for part in parts if part)

    def log(self) -> str:
        """The move log on demand: the newest lines, then further back on each press."""
        log: list[Note] = list(self.model.log)
        if not log:
            return t("table_speech.log_empty")
        if self.log_back >= len(log):
            self.log_back = 0
        end = len(log) - self.log_back
        start = max(0, end - LOG_LINES)
        self.log_back = len(log) - start
        names, section = self.names, self.section()
        lines = [note_text(note, names, section) for note in log[start:end]]
        return t(
            "table_speech.log", first=start + 1, last=end, total=len(log), lines=" ".join(lines)
        )

    def answer(self, what: str, shifted: bool) -> str | None:
        """The answer to a question key."""
        if what != "log":
            self.log_back = 0
        if what == "where":
            return self.where()
        if what == "moves":
            return self.moves_text()
        if what == "board":
            return self.board(shifted)
        if what == "log":
            return self.log()
        return self.own_answer(what, shifted)


class TableVoice:
    """When a table speaks: after a change, on a question key, on a cursor step, on a
    refusal. It says nothing (and plays no cue) while speech is off."""

    def __init__(self, session: PlaySession, reader: Reader) -> None:
        self.session = session
        self.reader = reader
        self.voice: Any = None  # the app's ``ui.voice.Voice``, given by the table screen
        self.last_card: str | None = None
        self.was_on = False  # speech was on at the last frame

    @property
    def on(self) -> bool:
        return self.voice is not None and bool(self.voice.on)

    def busy(self) -> bool:
        """An announcement is probably still being said (a bot's next move waits)."""
        return self.on and bool(self.voice.busy())

    def detail(self) -> str:
        return str(getattr(self.voice, "detail", ALL))

    def say(self, text: str | None, *, interrupt: bool = False, kind: str = "info") -> None:
        if text and self.on:
            self.voice.say(said_places(text), interrupt=interrupt, kind=kind)

    def cue(self, name: str) -> None:
        if self.on:
            self.session.sound(name)

    # ------------------------------------------------------------------ moments
    def follow(self) -> None:
        """Each frame: speech just turned on at this table (F12) says where things stand; a
        tutorial's or lesson's text that changed (a lesson solved) is said."""
        on = self.on
        if on and not self.was_on:
            self.reader.last_prompt = None
            self.last_card = None
            self.card()
            self.prompt()
        elif on:
            self.card()
        self.was_on = on

    def changed(self, notes: Sequence[Note]) -> None:
        """A change of the game: its notes, a new tutorial text, then the prompt when it is
        new (your turn with its cue and your moves)."""
        if not self.on:
            return
        reader = self.reader
        detail = self.detail()
        said = list(reader.notes_said(notes, detail))
        for text in said:
            self.say(text, kind="move")
        self.card()
        self.prompt(detail, said)

    def card(self) -> None:
        text = self.reader.card()
        if text is not None and text != self.last_card:
            self.say(text, kind="tutorial")
        self.last_card = text

    def prompt(self, detail: str | None = None, just_said: Sequence[str] = ()) -> None:
        """The prompt, when it changed: your turn comes with its cue and your moves (not
        when it only repeats a note ``just_said``: "Round 2 is over.")."""
        reader = self.reader
        text = reader.prompt()
        if text is None or text == reader.last_prompt:
            return
        reader.last_prompt = text
        if text in just_said and reader.person_deciding() is None:
            return
        mine = reader.person_deciding() is not None
        if detail == MINE and not mine:
            return
        if mine:
            self.cue(CUE_TURN)
            text = f"{text} {reader.moves_text()}"
        self.say(text, kind="prompt")

    def refused(self, note: Note) -> None:
        """A passing word (a refusal and its reason)."""
        self.say(note_text(note, self.reader.names), interrupt=True, kind="refusal")

    def ask(self, what: str, shifted: bool) -> None:
        self.say(self.reader.answer(what, shifted), interrupt=True, kind="answer")

    def cursor(self) -> None:
        spot = self.reader.cursor()
        if spot is not None and self.on:
            self.cue(spot[1])
            self.say(spot[0], interrupt=True, kind="cursor")


__all__ = [
    "ALL",
    "CUE_ILLEGAL",
    "CUE_LEGAL",
    "CUE_THREAT",
    "CUE_TURN",
    "LOG_LINES",
    "MINE",
    "Reader",
    "TableVoice",
    "listing",
]
