"""The statistics as one JSON object and as plain text, for ``buttons-game stats``."""

from __future__ import annotations

from typing import Any

from buttons_game.core.kind import StatColumn, find_kind, kinds
from buttons_game.core.seats import LEVELS

from .fairness import FACES, FAIR, MIN_ROLLS, UNUSUAL, DieFairness, p_number
from .tally import PlayerRecord, Statistics

VERDICTS = {
    FAIR: "consistent with fair dice",
    UNUSUAL: "unusual: this die may not be fair",
}


def stats_to_json(stats: Statistics) -> dict[str, Any]:
    """``{"games": {"buttons": n, "kopf": n, …}, "dice": {kind: {"counts": {"1": n, …},
    "p_value", …}}, "players": [{"name", "game", "games", "wins", …}, …]}``: each
    player with the game's own columns (``GameKind.stat_columns``)."""
    return {
        "games": dict(stats.totals),
        "dice": {kind: die_to_json(die) for kind, die in stats.fairness().items()},
        "players": [player_to_json(r) for r in stats.players()],
    }


def die_to_json(die: DieFairness) -> dict[str, Any]:
    return {
        "counts": {str(face + 1): n for face, n in enumerate(die.counts)},
        "rolls": die.rolls,
        "expected": die.expected,
        "chi_square": die.chi_square,
        "p_value": die.p_value,
        "verdict": die.verdict,
    }


def player_to_json(record: PlayerRecord) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "name": record.name,
        "game": record.game,
        "games": record.games,
        "wins": record.wins,
        "win_rate": record.win_rate,
        "vs": {
            level: {
                "games": record.vs[level][0],
                "wins": record.vs[level][1],
                "win_rate": record.win_rate_vs(level),
            }
            for level in LEVELS
        },
    }
    entry.update((column.key, _value(record, column)) for column in _columns(record.game))
    return entry


def _columns(game: str) -> tuple[StatColumn, ...]:
    kind = find_kind(game)
    return kind.stat_columns if kind is not None else ()


def _value(record: PlayerRecord, column: StatColumn) -> int | float | None:
    """A column's figure: the total, or the figure per another."""
    if column.per is None:
        return record.figure(column.figure)
    return record.rate(column.figure, column.per)


def _cell(record: PlayerRecord, column: StatColumn) -> str:
    value = _value(record, column)
    return number(value, column.places) if column.per is not None else str(value)


def percent(rate: float | None) -> str:
    return "–" if rate is None else f"{100 * rate:.0f}%"


def versus(record: PlayerRecord, level: str) -> str:
    """ "wins/games (rate)" against a bot level, "–" without such games."""
    games, wins = record.vs[level]
    return "–" if not games else f"{wins}/{games} ({percent(wins / games)})"


def number(value: float | None, places: int = 2) -> str:
    return "–" if value is None else f"{value:.{places}f}"


def stats_text(stats: Statistics) -> str:
    """Each game's table of people, then the dice faces with the fairness test."""
    lines = []
    for game, counted in stats.totals.items():
        found = find_kind(game)
        head = f"{found.title if found else game} (finished games counted: {counted})"
        lines += [head, *_player_table(stats.players(game), game), ""]
    rolled = " and ".join(kind.title for kind in kinds() if kind.die_kinds)
    if not stats.dice:
        return "\n".join(lines[:-1])
    lines += [
        f"Dice: every die rolled in the finished {rolled} games counted",
        f"{'die':<6}{'rolls':>7}"
        + "".join(f"{face:>7}" for face in range(1, FACES + 1))
        + f"{'expected':>10}{'p-value':>9}  verdict",
    ]
    for kind, die in stats.fairness().items():
        verdict = VERDICTS.get(die.verdict, f"too few rolls to tell (under {MIN_ROLLS})")
        lines.append(
            f"{kind:<6}{die.rolls:>7}"
            + "".join(f"{n:>7}" for n in die.counts)
            + f"{die.expected:>10.1f}{p_number(die.p_value):>9}  {verdict}"
        )
    return "\n".join(lines)


def _player_table(records: list[PlayerRecord], game: str) -> list[str]:
    if not records:
        return ["no finished games of people yet"]
    levels = [level for level in LEVELS if level != "random"]
    shown = [column for column in _columns(game) if column.head is not None]
    width = max(8, *(len(r.name) for r in records)) + 2
    head = (
        f"{'player':<{width}}{'games':>6}{'wins':>6}{'win rate':>9}"
        + "".join(f"{'vs ' + level:>14}" for level in levels)
        + "".join(f"{column.head:>14}" for column in shown)
    )
    rows = [head]
    for r in records:
        rows.append(
            f"{r.name:<{width}}{r.games:>6}{r.wins:>6}{percent(r.win_rate):>9}"
            + "".join(f"{versus(r, level):>14}" for level in levels)
            + "".join(f"{_cell(r, column):>14}" for column in shown)
        )
    return rows


__all__ = ["stats_text", "stats_to_json"]
