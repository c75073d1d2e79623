"""What the Kopf oder Knopf table says: its prompt, the cursor's square with its piece's
pairs and what they threaten, the legal moves by their squares, the board row by row,
my pieces, those in danger, the opponent's in reach, the groups of three and the
captures (the kit's ``ui/play/speech.py`` says them when)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from buttons_game.games.kopf.engine import Move, Pass, Remove
from buttons_game.games.kopf.engine.board import SIZE, Square
from buttons_game.games.kopf.narration import square_name, squares_text
from buttons_game.games.kopf.relations import pairs_of
from buttons_game.i18n import t
from buttons_game.ui.play.model import note_text
from buttons_game.ui.play.speech import CUE_ILLEGAL, CUE_LEGAL, CUE_THREAT, Reader, listing

from .model import KopfModel
from .view import prompt

COLOURS = ("red", "blue")  # seat 0 plays red and moves first


def colour(seat: int) -> str:
    return t(f"colour.{COLOURS[seat]}")


class KopfReader(Reader):
    """The words of the Kopf oder Knopf table."""

    BIG: ClassVar[frozenset[str]] = frozenset({"strike", "captured", "win", "draw", "punish_due"})
    model: KopfModel

    # ------------------------------------------------------------------ hooks
    def prompt(self) -> str | None:
        return " ".join(prompt(self.model)[0].split())

    def person_deciding(self) -> int | None:
        return self.model.human_to_play()

    def moves(self) -> list[str]:
        words = []
        for action in self.model.state.legal_actions():
            if isinstance(action, Move):
                start = square_name(action.from_row, action.from_col)
                end = square_name(action.to_row, action.to_col)
                words.append(t("table_speech.kopf_move", start=start, end=end))
            elif isinstance(action, Remove):
                words.append(
                    t("table_speech.kopf_remove", square=square_name(action.row, action.col))
                )
            elif isinstance(action, Pass):
                words.append(t("table_speech.kopf_pass"))
        return words

    def cursor(self) -> tuple[str, str] | None:
        m = self.model
        if m.cursor is None:
            return None
        row, col = m.cursor
        state = m.state
        parts = [self.square(row, col)]
        if m.selected == (row, col):
            parts.append(t("table_speech.kopf_chosen", targets=squares_text(m.targets()) or "-"))
        viewer = m.viewer()
        threatened = viewer is not None and (row, col) in state.threatened(viewer)
        legal = (row, col) in (
            m.removable() | m.targets() | (m.movable() if m.selected is None else set())
        )
        if (row, col) in m.targets():
            parts.append(t("table_speech.kopf_may_move"))
        elif (row, col) in m.removable():
            parts.append(t("table_speech.kopf_may_remove"))
        cue = CUE_THREAT if threatened else CUE_LEGAL if legal else CUE_ILLEGAL
        return ", ".join(parts), cue

    def board(self, one_row: bool) -> str:
        if one_row:
            row = self.model.cursor[0] if self.model.cursor is not None else 1
            return self._row(row)
        rows = []
        for row in range(1, SIZE + 1):
            pieces = [
                t("table_speech.kopf_piece_on", square=square_name(row, col), colour=colour(owner))
                for col in range(1, SIZE + 1)
                if (owner := self.model.state.piece_at(row, col)) is not None
            ]
            if pieces:
                rows.append(t("table_speech.row", row=row, spaces=", ".join(pieces)))
        return " ".join(rows) if rows else t("table_speech.kopf_empty_board")

    def own_answer(self, what: str, shifted: bool) -> str | None:
        state = self.model.state
        me = self._me()
        if what == "mine":
            return self._pieces("table_speech.kopf_mine", state.pieces(me))
        if what == "other":
            return self._pieces("table_speech.kopf_theirs", state.pieces(1 - me))
        if what == "danger":
            return self._pieces("table_speech.kopf_danger", state.threatened(me))
        if what == "reach":
            return self._pieces("table_speech.kopf_reach", state.threatened(1 - me))
        if what == "groups":
            groups = [
                t("table_speech.kopf_group", colour=colour(p), squares=squares_text(group))
                for p in (me, 1 - me)
                for group in state.forbidden_groups(p)
            ]
            return listing("table_speech.kopf_groups", groups)
        if what == "score":
            seats = [
                t(
                    "table_speech.kopf_captured",
                    name=name,
                    colour=colour(p),
                    captured=state.captured(p),
                    target=state.target,
                )
                for p, name in enumerate(self.names)
            ]
            return " ".join(seats)
        return None

    def card(self) -> str | None:
        """A lesson's texts: where it stands, its title, its intro, then its done text or
        why a try was refused."""
        m: Any = self.model  # a lesson's model (``LessonModel``), or a game's
        lesson = getattr(m, "lesson", None)
        if lesson is None:
            return None
        values = lesson.values()
        parts = [
            t("learn.progress", n=m.number, total=m.total),
            t(lesson.text_key("title")),
            t(lesson.text_key("intro"), **values),
        ]
        if m.solved:
            parts += [t("learn.solved"), t(lesson.text_key("done"), **values)]
        elif m.wrong is not None:
            parts += [t("learn.not_quite"), note_text(m.wrong, m.names)]
        return " ".join(" ".join(parts).split())

    # ------------------------------------------------------------------ words
    def _me(self) -> int:
        """The seat the questions are about: the person to move, else the one here."""
        seat = self.model.viewer()
        return seat if seat is not None else 0

    def _pieces(self, key: str, squares: Iterable[Square]) -> str:
        names = [square_name(*spot) for spot in sorted(squares)]
        return listing(key, names)

    def square(self, row: int, col: int) -> str:
        """A square in words: its name, holes, piece, and the piece's pairs and threats."""
        state = self.model.state
        holes = state.holes(row, col)
        owner = state.piece_at(row, col)
        name = square_name(row, col)
        if owner is None:
            return t("table_speech.kopf_empty", square=name, count=holes)
        words = [t("table_speech.kopf_piece", square=name, colour=colour(owner), count=holes)]
        for pair in pairs_of(state, row, col):
            partner = square_name(*pair.partner)
            if pair.threatens:
                words.append(
                    t(
                        "table_speech.kopf_pair_threat",
                        partner=partner,
                        squares=squares_text(pair.threatens),
                    )
                )
            else:
                words.append(t("table_speech.kopf_pair", partner=partner, reach=pair.reach))
        if (row, col) in state.threatened(owner):
            words.append(t("table_speech.kopf_in_danger"))
        return ", ".join(words)

    def _row(self, row: int) -> str:
        spaces = "; ".join(self.square(row, col) for col in range(1, SIZE + 1))
        return t("table_speech.row", row=row, spaces=spaces)


__all__ = ["KopfReader", "colour"]
