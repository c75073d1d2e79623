"""What the BUTTONS table says: its prompt, the cursor's space, the legal moves by their
keys, the boards row by row, the dice and the depots, the stars and the score, and the
tutorial's text step by step (the kit's ``ui/play/speech.py`` says them when)."""

from __future__ import annotations

from typing import ClassVar

from buttons_game.games.buttons.engine import (
    OptOut,
    Phase,
    Place,
    PlaceStar,
    Roll,
    RoundScore,
    Skip,
)
from buttons_game.i18n import t
from buttons_game.ui.play.speech import CUE_ILLEGAL, CUE_LEGAL, Reader

from .model import TableModel
from .tutorial import tutorial_text
from .view import prompt

SIZE = 6


class ButtonsReader(Reader):
    """The words of the BUTTONS table."""

    BIG: ClassVar[frozenset[str]] = frozenset(
        {
            "roll",  # the dice concern everyone: the gold space is theirs too
            "round_over",
            "scored",
            "new_round",
            "game_over_line",
            "game_over_stars",
            "winner",
            "shared_winner",
        }
    )
    model: TableModel

    # ------------------------------------------------------------------ hooks
    def prompt(self) -> str | None:
        return " ".join(prompt(self.model)[0].split())

    def person_deciding(self) -> int | None:
        return self.model.hint_seat()

    def moves(self) -> list[str]:
        seat = self.person_deciding()
        if seat is None:
            return []
        words = []
        for action in self.model.state.legal_actions(seat):
            if isinstance(action, Roll):
                words.append(t("table_speech.move_roll"))
            elif isinstance(action, OptOut):
                words.append(t("table_speech.move_opt_out"))
            elif isinstance(action, Skip):
                words.append(t("table_speech.move_skip"))
            elif isinstance(action, PlaceStar):
                words.append(t("table_speech.move_star", row=action.row, col=action.col))
            elif isinstance(action, Place):
                words.append(self._place(seat, action))
        return words

    def _place(self, seat: int, action: Place) -> str:
        if seat != self.model.state.active_player:
            return t("table_speech.move_gold", row=action.row, col=action.col)
        return t("table_speech.move_place", row=action.row, col=action.col)

    def cursor(self) -> tuple[str, str] | None:
        m = self.model
        if m.cursor is None:
            return None
        seat, row, col = m.cursor
        state = m.state
        legal = any(
            isinstance(a, (Place, PlaceStar)) and (a.row, a.col) == (row, col)
            for a in state.legal_actions(seat)
        )
        may = "star_here" if state.phase is Phase.STARS else "place_here"
        words = t(
            "table_speech.cursor",
            row=row,
            col=col,
            space=self._space(seat, row, col),
            may=t(f"table_speech.{may}" if legal else "table_speech.not_here"),
        )
        return words, CUE_LEGAL if legal else CUE_ILLEGAL

    def board(self, one_row: bool) -> str:
        seat = self._reading_seat()
        if one_row:
            cursor = self.model.cursor
            dice = self.model.state.dice
            row = cursor[1] if cursor is not None else dice.white if dice is not None else 1
            return self._row(seat, row)
        return self._board(seat)

    def own_answer(self, what: str, shifted: bool) -> str | None:
        if what == "other":
            return self._other()
        if what == "dice":
            return self._dice()
        if what == "score":
            return self._score()
        return None

    def card(self) -> str | None:
        card = self.model.tutorial
        if card is None:
            return None
        if card.number > card.total:
            where = t("tutorial.done_all")
        else:
            where = t("tutorial.step", n=card.number, total=card.total)
        title = t(f"tutorial.{card.key}.title")
        return " ".join(f"{where}. {title}. {tutorial_text(self.model)}".split())

    def summary(self, score: RoundScore) -> str:
        """A round's scoring read as a table, seat by seat: status, opt-out star, colours,
        card bonus and total."""
        rows = []
        for p, seat in enumerate(score.seats):
            rows.append(
                t(
                    "table_speech.summary_seat",
                    name=self.names[p],
                    status=t(f"status.{seat.status.value}"),
                    opt_out=seat.opt_out_star,
                    colours=", ".join(t(f"colour.{c}") for c in seat.colours) or "-",
                    cards=", ".join(t(f"colour.{c}") for c in seat.card_bonus) or "-",
                    total=seat.total,
                )
            )
        return t("table_speech.summary", round=score.round_number, seats=" ".join(rows))

    # ------------------------------------------------------------------ words
    def _reading_seat(self) -> int:
        """The board read by B: the person deciding, else the first person here."""
        seat = self.person_deciding()
        if seat is not None:
            return seat
        here = [p for p in range(self.model.state.players) if self.model.here(p)]
        return here[0] if here else 0

    def _space(self, seat: int, row: int, col: int) -> str:
        state = self.model.state
        colour = t(f"colour.{state.colour_at(seat, row, col)}")
        if (row, col) in state.stars(seat):
            what = "star"
        elif (row, col) in state.buttons(seat):
            what = "button"
        else:
            what = "free"
        return t("table_speech.space", colour=colour, what=t(f"table_speech.{what}"))

    def _row(self, seat: int, row: int) -> str:
        spaces = "; ".join(
            t("table_speech.column", col=col, space=self._space(seat, row, col))
            for col in range(1, SIZE + 1)
        )
        return t("table_speech.row", row=row, spaces=spaces)

    def _board(self, seat: int) -> str:
        state = self.model.state
        head = t(
            "table_speech.board_of",
            name=self.names[seat],
            buttons=len(state.buttons(seat)),
            stars=state.star_count(seat),
        )
        return " ".join([head, *(self._row(seat, row) for row in range(1, SIZE + 1))])

    def _other(self) -> str:
        """The next other player's board (each press the next one)."""
        players = self.model.state.players
        mine = self._reading_seat()
        others = [p for p in range(players) if p != mine]
        if not others:
            return self._board(mine)
        later = [p for p in others if p > self.other]
        self.other = later[0] if later else others[0]
        return self._board(self.other)

    def _dice(self) -> str:
        state = self.model.state
        dice = state.hand_dice()
        if dice is None:
            hand = t("table_speech.hand_none", dice=state.dice_in_hand)
        else:
            plain = ", ".join(str(d) for d in dice.plain) or "-"
            hand = t(
                "table_speech.hand",
                dice=state.dice_in_hand,
                white=dice.white,
                gold=dice.gold,
                plain=plain,
            )
        depots = "; ".join(
            t("table_speech.depot", name=name, dice=state.depot(p))
            for p, name in enumerate(self.names)
        )
        return f"{hand} {t('table_speech.depots', depots=depots)}"

    def _score(self) -> str:
        state = self.model.state
        seats = []
        for p, name in enumerate(self.names):
            cards = ", ".join(t(f"colour.{c}") for c in state.cards(p))
            seats.append(
                t(
                    "table_speech.score_seat",
                    name=name,
                    stars=state.star_count(p),
                    status=t(f"status.{state.status(p).value}"),
                    cards=cards,
                )
            )
        return t("table_speech.score", round=state.round_number, seats="; ".join(seats))


__all__ = ["ButtonsReader"]
