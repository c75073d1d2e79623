"""Names people type (seat names, save names) and texts shown from files: one border for all.

The set-up and Save as screens keep ``clean_name`` of what is typed or pasted;
the save loader refuses a stored name with a ``name_problem``; messages quote
outside text only through ``excerpt``. So nothing a file or a keystroke holds
reaches the drawing code as a character it cannot draw (a NUL, a lone
surrogate, only zero-width characters). Pure: no pygame.
"""

from __future__ import annotations

import unicodedata

from buttons_game.i18n import t

SEAT_NAME_LIMIT = 16  # what the set-up screen lets a player type
SAVE_NAME_LIMIT = 48  # what Save as lets a player type

# Removed from typed text: control, format (zero-width, bidi overrides), surrogate,
# private-use and unassigned characters.
_REMOVED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
# A stored name holding one of these cannot be drawn or breaks the line it is drawn in.
_REFUSED = {
    "Cc": "a control character",
    "Cf": "a format character",
    "Cs": "a lone surrogate",
    "Zl": "a line separator",
    "Zp": "a paragraph separator",
}
# Characters that draw nothing on their own.
_INVISIBLE_CATEGORIES = frozenset({"Mn", "Me", "Zs", "Zl", "Zp", "Cc", "Cf", "Cs"})
# Letters and symbols that draw as blanks (Hangul fillers, the blank Braille pattern).
_BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


BOT_NAMES = 4  # setup.bot_names.1 ... 4 in each language: one name a seat
# What bot seats were called before they had names of their own ("Bot 2", "CPU 2"): a
# set-up remembered with one still follows the seat's kind. Saves keep theirs as they are.
OLD_BOT_NAMES = ("Bot {n}", "CPU {n}")


def bot_name(seat: int) -> str:
    """The name a bot in ``seat`` (0-based) gets, in the current language: each seat its
    own, so two bots never share a name, and the same name every time."""
    name = t(f"setup.bot_names.{seat % BOT_NAMES + 1}")
    return name if seat < BOT_NAMES else f"{name} {seat // BOT_NAMES + 1}"


def is_old_bot_name(name: str, seat: int) -> bool:
    """``name`` is what a bot in ``seat`` was called by default before bots had names."""
    return name in (old.format(n=seat + 1) for old in OLD_BOT_NAMES)


def clean_name(text: str, limit: int) -> str:
    """What the set-up and Save as keep of typed or pasted text: NFC-normalised; control,
    format (zero-width etc.), surrogate, private-use and unassigned characters removed;
    runs of whitespace made one space; stripped; cut to ``limit`` characters. "" when
    nothing drawable is left."""
    kept = "".join(c for c in text if c.isspace() or unicodedata.category(c) not in _REMOVED)
    words = unicodedata.normalize("NFC", kept).split()
    name = " ".join(words)[: max(limit, 0)].rstrip()
    return name if _shows_something(name) else ""


def name_problem(text: object, limit: int) -> str | None:
    """Why a stored name cannot be used (None when it can): not text, longer than
    ``limit``, a control/format/surrogate character, or nothing visible.

    The answer completes a sentence about the name: "seat 0's name " + problem.
    """
    if not isinstance(text, str):
        return f"must be text, not {type(text).__name__}"
    if len(text) > limit:
        return f"is longer than {limit} characters"
    if text.isascii():  # the common case, at C speed
        if not text.isprintable():
            bad = next(c for c in text if not c.isprintable())
            return f"holds {_REFUSED['Cc']} ({_code(bad)})"
        return None if text.strip(" ") else "shows nothing (it is empty or only spaces)"
    for c in text:
        kind = _REFUSED.get(unicodedata.category(c))
        if kind:
            return f"holds {kind} ({_code(c)})"
    if not _shows_something(text):
        return "shows nothing (only spaces or invisible characters)"
    return None


def excerpt(text: str, limit: int, *, keep_end: bool = False) -> str:
    """At most ``limit`` characters of ``text`` that can be drawn and printed: a cut is
    marked with "…" and unprintable characters are escaped (\\x00, \\ud800). O(limit).

    ``keep_end`` cuts out the middle instead of the end (a path keeps its file name).
    """
    limit = max(limit, 1)
    if keep_end and len(text) > limit:
        head, tail = (limit - 1) // 2, limit - 1 - (limit - 1) // 2
        ending = _printable(text[len(text) - tail :])[-tail:] if tail else ""
        return _printable(text[:head])[:head] + "…" + ending
    head_text = _printable(text[: limit + 1])  # one more than fits tells whether to cut
    if len(head_text) <= limit and len(text) <= limit:
        return head_text
    return head_text[: limit - 1] + "…"


def _printable(text: str) -> str:
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else _escape(c) for c in text)


def _shows_something(text: str) -> bool:
    return any(
        c not in _BLANKS and unicodedata.category(c) not in _INVISIBLE_CATEGORIES for c in text
    )


def _code(char: str) -> str:
    return f"U+{ord(char):04X}"


def _escape(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"
