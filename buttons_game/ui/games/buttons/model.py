"""What the table shows: the game, its log, and every mark drawn on top of the boards.

The session changes the model; the screens and the drawing only read it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from buttons_game.core.notes import Note
from buttons_game.games.buttons.bots.hint import Hint
from buttons_game.games.buttons.engine import GameState, Phase, RoundScore, Status
from buttons_game.games.buttons.game import Game
from buttons_game.ui.play.model import PlayModel

from .board_geometry import Space
from .boards import Marks


@dataclass(frozen=True)
class TutorialCard:
    """What a tutorial step shows: its texts, where it stands, what it points at."""

    key: str  # the texts are tutorial.<key>.title and tutorial.<key>.text
    number: int  # 1-based; total + 1 for the closing text
    total: int
    spaces: frozenset[Space] = frozenset()
    refused: frozenset[Space] = frozenset()
    controls: tuple[str, ...] = ()  # buttons the text talks about
    # The step just done, kept while the dice land or Bo moves: the decision it marks is
    # no longer the player's, so its rings and frames are hidden until the next card.
    waiting: bool = False


@dataclass(frozen=True)
class Tumble:
    """The dice in the air (decoration only, never the dice rolled): for each die, where
    it is thrown from (a point of the dice's area, as shares of its width and height), how
    far it turns on the way (degrees, signed) and the faces it shows, a new one each
    quarter turn."""

    starts: tuple[tuple[float, float], ...]
    turns: tuple[float, ...]
    faces: tuple[tuple[int, ...], ...]

    def turned(self, die: int, progress: float) -> float:
        """How far die ``die`` still has to turn at ``progress`` of the roll (degrees; 0 at
        rest), slowing down as it comes."""
        return self.turns[die % len(self.turns)] * (1.0 - progress) ** 1.5

    def face(self, die: int, progress: float) -> int:
        """The face die ``die`` shows at ``progress``: a new one each quarter turn, its own
        (the first) for the last one."""
        faces = self.faces[die % len(self.faces)]
        return faces[int(abs(self.turned(die, progress)) // 90) % len(faces)]


@dataclass
class TableModel(PlayModel):
    """Everything the BUTTONS table shows, in one place (the kit's model and its marks)."""

    game: Game
    hover: Space | None = None
    cursor: Space | None = None
    flash: Space | None = None
    hint: Hint | None = None
    last_move: dict[int, tuple[int, int]] = field(default_factory=dict)
    fading: dict[int, int] = field(default_factory=dict)  # seat -> the buttons a bust took
    busted: int | None = None  # the seat whose bust has its beat now
    tumble: Tumble | None = None  # the dice in the air, while the roll lasts
    round_start: int | None = None  # who starts this round: shown until they act
    summary_due: RoundScore | None = None  # a scored round the summary has not shown yet
    scoring_seen: bool = False  # the last scored round's summary has been shown and closed
    tutorial: TutorialCard | None = None  # the tutorial's current step, in a tutorial
    # A round that ended with no star to place, as its table looked when it was scored: the
    # engine has already cleared it for the next round, and the table shows this until the
    # round's summary closes.
    scored: GameState | None = None
    # The log's lines of the next round (who starts it), held back while the table shows
    # the scored round: the log never runs ahead of the table.
    held: list[Note] = field(default_factory=list)

    @property
    def state(self) -> GameState:
        """The state the table shows: the game's, or the round being scored (``scored``)."""
        return self.scored if self.scored is not None else self.game.state

    def human_pending(self) -> list[int]:
        return [p for p in self.state.pending_players if self.here(p)]

    def acting_seat(self) -> int | None:
        """The human seat the keyboard serves: the roller first, then the others in turn."""
        state = self.state
        if state.phase not in (Phase.PLACING, Phase.STARS):
            return None
        pending = self.human_pending()
        if state.phase is Phase.PLACING and state.active_player in pending:
            return state.active_player
        return pending[0] if pending else None

    def gold_seats(self) -> list[int]:
        """Human seats deciding on the gold space of this roll."""
        state = self.state
        if state.phase is not Phase.PLACING:
            return []
        return [p for p in self.human_pending() if p != state.active_player]

    def deciding_seats(self) -> list[int]:
        """The seats that have a choice to make now: the one to roll or opt out, those
        placing on this roll (the gold space too), those putting their stars."""
        state = self.state
        if state.is_over():
            return []
        if state.phase is Phase.TURN:
            return [state.active_player]
        return list(state.pending_players)

    def human_to_roll(self) -> bool:
        state = self.state
        return state.phase is Phase.TURN and self.here(state.active_player)

    def hold_next_round(self) -> None:
        """The log's lines after the round's scoring (the cards passing on, who starts the
        next round) wait until the summary closes, as the next round's table does."""
        scoring = [i for i, note in enumerate(self.log) if note.key in ("round_over", "scored")]
        if scoring:
            cut = scoring[-1] + 1
            self.held = self.log[cut:]
            del self.log[cut:]

    def release_held(self) -> None:
        """The next round's lines held back while the scored round showed join the log."""
        if self.held:
            self.log.extend(self.held)
            self.held = []
            self.log_scroll = 0

    def hint_seat(self) -> int | None:
        """The person a hint is for: the one deciding now at the table (None too once the
        round is over and its scoring is still to show, or the game is over)."""
        state = self.state
        if state.is_over() or self.summary_due is not None:
            return None
        if state.phase is Phase.TURN:
            return state.active_player if self.here(state.active_player) else None
        return self.acting_seat()

    def marks(self) -> Marks:
        """The highlights the boards show for this model."""
        state = self.state
        seat = self.acting_seat()
        cursor = self.cursor if self.cursor and self.cursor[0] == seat else None
        fade = self.timers.fraction("fade")
        motions = self.motions
        trail = self.trail()
        marks = Marks(
            hover=self.hover,
            flash=self.flash,
            cursor=cursor,
            pending=set(state.pending_players),
            last_move=dict(self.last_move),
            falling={p: (mask, 1.0 - fade) for p, mask in self.fading.items()} if fade else {},
            busted=self.busted,
            emphasise=state.active_player if state.phase is not Phase.STARS else None,
            bots=self.bot_levels(),
            arriving={m.what: m.progress for m in motions.of("slide")},
            settling={m.what: m.progress for m in motions.of("star")},
            shaking={m.what: m.progress for m in motions.of("shake")},
            popping=[(*m.what, m.progress) for m in motions.of("pop") if m.started],
            trail=(trail[0][0], trail[1]) if trail and trail[0] else None,
        )
        advice = self.hint.action if self.hint is not None else None
        if advice is not None and hasattr(advice, "row"):
            marks.advice = (advice.player, advice.row, advice.col)  # type: ignore[union-attr]
        if state.phase is Phase.PLACING and state.dice is not None:
            for p in self.human_pending():
                cells = {(a.row, a.col) for a in state.legal_actions(p) if hasattr(a, "row")}  # type: ignore[union-attr]
                (marks.legal if p == state.active_player else marks.gold)[p] = cells
        elif state.phase is Phase.STARS and self.summary_due is None:
            # the stars go on once the summary has shown, never while they pop before it
            for p in self.human_pending():
                marks.star_targets[p] = {(a.row, a.col) for a in state.legal_actions(p)}  # type: ignore[union-attr]
        if self.tutorial is not None and not self.tutorial.waiting:
            marks.lesson = set(self.tutorial.spaces)
            marks.refused = set(self.tutorial.refused)
        return marks

    def roll_progress(self) -> float | None:
        """How far the dice in the air have come (0.0 thrown, 1.0 landing); None: no roll."""
        if self.tumble is None or not self.timers.running("roll"):
            return None
        return 1.0 - self.timers.fraction("roll")

    def dice_shown(self) -> tuple[tuple[str, int], ...]:
        """The dice in front of the active player, as (kind, face); face 0 = not rolled yet
        (in the air: the face each shows on its way). Only a roll being placed shows its
        faces: before the roll the dice in hand are blank, never the last seat's roll."""
        state = self.state
        dice = state.hand_dice()
        plain_count = state.plain_dice_in_hand
        flying = self.roll_progress()
        if flying is not None and self.tumble is not None:
            kinds = ("white", "gold") + ("plain",) * plain_count
            return tuple((kind, self.tumble.face(i, flying)) for i, kind in enumerate(kinds))
        if dice is None or state.phase is not Phase.PLACING:
            return (("white", 0), ("gold", 0)) + (("plain", 0),) * plain_count
        plain = tuple(dice.plain)[:plain_count]
        plain += (0,) * (plain_count - len(plain))
        return (("white", dice.white), ("gold", dice.gold)) + tuple(("plain", v) for v in plain)


def round_not_started(state: GameState) -> bool:
    """True before the round's first roll or opt-out: no buttons, everyone still in."""
    return (
        state.phase is Phase.TURN
        and all(state.status(p) is Status.IN_ROUND for p in range(state.players))
        and not any(state.button_mask(p) for p in range(state.players))
    )


__all__ = [
    "TableModel",
    "Tumble",
    "TutorialCard",
    "round_not_started",
]
