"""The shipped rules (``docs/rules-<game>.md``) as the rich text a pygame_gui text box shows.

Only what the rules use of Markdown: headings, paragraphs, lists, a rule line, bold, code
and links (shown as their words: the box is not a browser); HTML comments (notes for
developers: which test covers a rule) are left out.
"""

from __future__ import annotations

import html
import re

from buttons_game.core.resources import document

_COMMENT = re.compile(r"\n?[ \t]*<!--.*?-->[ \t]*", re.DOTALL)
_HEADING = re.compile(r"(#{1,6})\s+(.*)")
_ITEM = re.compile(r"(- |\d+\. )(.*)")
_INLINE = (
    (re.compile(r"\*\*(.+?)\*\*"), r"<b>\1</b>"),
    (re.compile(r"`([^`]+)`"), r"\1"),
    (re.compile(r"\[([^\]]+)\]\([^)\s]+\)"), r"\1"),
)


def rules_text(game: str) -> str | None:
    """The full rules of ``game`` (a game's id) as shipped, or None if it has none."""
    node = document(f"rules-{game}.md")
    return node.read_text(encoding="utf-8") if node is not None else None


def inline(text: str) -> str:
    """One paragraph's words: HTML's special characters escaped, bold, code and links."""
    text = html.escape(text, quote=False)
    for pattern, replacement in _INLINE:
        text = pattern.sub(replacement, text)
    return text


def markdown_html(text: str, heading_colour: str) -> str:
    """The Markdown ``text`` as pygame_gui's HTML: a heading bold in ``heading_colour``
    (``#rrggbb``), a list item a line of its own after a bullet or its number."""
    blocks: list[str] = []
    ends: list[str] = []  # what follows each block
    text = _COMMENT.sub("", text)  # notes for developers, never shown
    for chunk in re.split(r"\n\s*\n", text.strip()):
        lines: list[str] = []  # a heading, a paragraph or a list item each
        for raw in chunk.splitlines():
            line = raw.strip()
            starts = _HEADING.fullmatch(line) or _ITEM.match(line) or line == "---"
            if starts or not lines or _HEADING.fullmatch(lines[-1]):
                lines.append(line)
            else:
                lines[-1] += " " + line
        out = []
        for line in lines:
            heading, item = _HEADING.fullmatch(line), _ITEM.match(line)
            if heading:
                words = inline(heading.group(2))
                out.append(f'<font color="{heading_colour}"><b>{words}</b></font>')
            elif line == "---":
                out.append("—" * 12)
            elif item:
                mark = "•" if item.group(1) == "- " else item.group(1).strip()
                out.append(f"{mark} {inline(item.group(2))}")
            else:
                out.append(inline(line))
        blocks.append("<br>".join(out))
        # a heading alone is followed by its text at once
        ends.append("<br>" if len(lines) == 1 and _HEADING.fullmatch(lines[0]) else "<br><br>")
    return "".join(block + end for block, end in zip(blocks, ends)).removesuffix("<br><br>")
