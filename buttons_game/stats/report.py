"""The statistics as one JSON object and as plain text, for ``buttons-game stats``."""

from __future__ import annotations

from typing import Any

from buttons_game.games.buttons.bots import LEVELS

from .fairness import FACES, FAIR, MIN_ROLLS, UNUSUAL, DieFairness, p_number
from .tally import DIE_KINDS, GAMES, PlayerRecord, Statistics

GAME_NAMES = {"buttons": "BUTTONS", "kopf": "Kopf oder Knopf"}
VERDICTS = {
    FAIR: "consistent with fair dice",
    UNUSUAL: "unusual: this die may not be fair",
}


def stats_to_json(stats: Statistics) -> dict[str, Any]:
    """``{"games": {"buttons": n, "kopf": n}, "dice": {kind: {"counts": {"1": n, …},
    "p_value", …}},
    "players": [{"name", "game", "games", "wins", …}, …]}``."""
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
    if record.game == "buttons":
        entry.update(
            rounds=record.rounds,
            stars=record.stars,
            stars_per_round=record.stars_per_round,
            busts=record.busts,
            opt_outs=record.opt_outs,
        )
    else:
        entry.update(
            draws=record.draws,
            captures=record.captures,
            captures_per_game=record.captures_per_game,
            turns=record.turns,
            turns_per_game=record.turns_per_game,
        )
    return entry


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
    for game in GAMES:
        head = f"{GAME_NAMES[game]} (finished games counted: {stats.totals[game]})"
        lines += [head, *_player_table(stats.players(game), game), ""]
    lines += [
        "Dice: every die rolled in the finished BUTTONS games counted",
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
    if game == "buttons":
        extra = ("stars/round", "busts", "opt-outs")
    else:
        extra = ("draws", "captures/game", "turns/game")
    width = max(8, *(len(r.name) for r in records)) + 2
    head = (
        f"{'player':<{width}}{'games':>6}{'wins':>6}{'win rate':>9}"
        + "".join(f"{'vs ' + level:>14}" for level in levels)
        + "".join(f"{name:>14}" for name in extra)
    )
    rows = [head]
    for r in records:
        if game == "buttons":
            figures = (number(r.stars_per_round), str(r.busts), str(r.opt_outs))
        else:
            figures = (str(r.draws), number(r.captures_per_game, 1), number(r.turns_per_game, 1))
        rows.append(
            f"{r.name:<{width}}{r.games:>6}{r.wins:>6}{percent(r.win_rate):>9}"
            + "".join(f"{versus(r, level):>14}" for level in levels)
            + "".join(f"{value:>14}" for value in figures)
        )
    return rows


__all__ = ["DIE_KINDS", "stats_text", "stats_to_json"]
