"""The statistics file: a small versioned JSON document, read as carefully as a save.

It holds each person's figures per game, the dice faces, and the ids of the games
counted. The games, figures and kinds of die are those of the registered games (each
``GameKind``); a game this app does not know (now) is left out when the file is read.
Decoding trusts nothing: the JSON is parsed with limits (no NaN, no huge numbers, no
duplicate keys) and every field is type- and range-checked, so a bad
file raises StatsFileError naming the problem and never yields impossible figures.
"""

from __future__ import annotations

import json
import reprlib
from typing import Any

from buttons_game import __version__
from buttons_game.core.kind import find_kind
from buttons_game.core.seats import LEVELS
from buttons_game.names import excerpt, name_problem
from buttons_game.saves.fileformat import GAME_ID, MAX_NAME_CHARS

from .fairness import FACES
from .tally import (
    MAX_RECENT,
    GameTally,
    PlayerRecord,
    SeatTally,
    Statistics,
    die_kinds,
    figure_names,
    game_ids,
)

FORMAT_NAME = "buttons-game-statistics"
VERSION = 2  # 2 added "recent"; a version 1 file is read without it
MAX_STATS_BYTES = 8 * 1024 * 1024
MAX_PLAYERS = 2_000  # the players with the most games are kept
MAX_COUNTED = 100_000  # the newest game ids are kept
MAX_COUNT = 10**12
MAX_INT_DIGITS = 15
MAX_MESSAGE_CHARS = 300

_FIELDS = ("format", "version", "app_version", "games", "players", "dice", "counted")
_FIELDS_2 = (*_FIELDS, "recent")
_COUNTS = ("games", "wins", "draws")


class StatsFileError(ValueError):
    """A statistics file that cannot be read; the message says what is wrong with it."""

    def __init__(self, message: str) -> None:
        super().__init__(excerpt(message, MAX_MESSAGE_CHARS))


class NewerStatsFile(StatsFileError):
    """A statistics file a newer Buttons Game wrote: ``version`` is its statistics
    version, ``app_version`` the app's (None if not said), ``stats`` its figures as far as
    this version can read them (the fields it knows), None when it cannot."""

    def __init__(self, version: int, app_version: str | None, stats: Statistics | None) -> None:
        super().__init__(
            f"written by a newer Buttons Game (statistics version {version}; "
            f"this app reads up to version {VERSION})"
        )
        self.version = version
        self.app_version = app_version
        self.stats = stats


def encode_statistics(stats: Statistics) -> bytes:
    """The file's bytes: one player per line. The players with the fewest games and the
    oldest game ids go first when there are more than the file keeps."""
    players = stats.players()
    if len(players) > MAX_PLAYERS:
        kept = set(map(id, sorted(players, key=lambda r: -r.games)[:MAX_PLAYERS]))
        players = [r for r in players if id(r) in kept]
    counted = list(stats.counted)[-MAX_COUNTED:]
    recent = [t for t in stats.recent.values() if t.game_id in stats.counted]
    rows = [json.dumps(_player(r), ensure_ascii=False) for r in players]
    dice = {kind: list(faces) for kind, faces in stats.dice.items()}
    text = (
        "{\n"
        f'  "format": {json.dumps(FORMAT_NAME)},\n'
        f'  "version": {VERSION},\n'
        f'  "app_version": {json.dumps(__version__)},\n'
        f'  "games": {json.dumps(stats.totals)},\n'
        f'  "players": [{_rows(rows)}],\n'
        f'  "dice": {json.dumps(dice)},\n'
        f'  "counted": [{_rows([json.dumps(i) for i in counted])}],\n'
        f'  "recent": [{_rows([json.dumps(_tally(t), ensure_ascii=False) for t in recent])}]\n'
        "}\n"
    )
    return text.encode("utf-8")


def _rows(items: list[str]) -> str:
    return "\n    " + ",\n    ".join(items) + "\n  " if items else ""


def _player(record: PlayerRecord) -> dict[str, Any]:
    entry: dict[str, Any] = {"name": record.name, "game": record.game}
    entry.update((figure, record.figure(figure)) for figure in (*_COUNTS, *figure_names()))
    entry["vs"] = {level: list(record.vs[level]) for level in LEVELS}
    return entry


def _tally(tally: GameTally) -> dict[str, Any]:
    return {
        "id": tally.game_id,
        "game": tally.game,
        "levels": sorted(tally.levels),
        "people": [
            {"name": p.name, "won": p.won, "drew": p.drew, "figures": dict(p.figures)}
            for p in tally.people
        ],
        "dice": {kind: list(faces) for kind, faces in tally.dice.items()},
    }


# ------------------------------------------------------------------ decoding


def decode_statistics(data: bytes) -> Statistics:
    """The statistics in a file's bytes; StatsFileError saying what is wrong."""
    if len(data) > MAX_STATS_BYTES:
        raise StatsFileError(f"the file is larger than {MAX_STATS_BYTES // (1024 * 1024)} MB")
    if not data.strip():
        raise StatsFileError("the file is empty")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise StatsFileError(f"not a text file (bad UTF-8 at byte {error.start})") from None
    document = _parse(text)
    if not isinstance(document, dict) or document.get("format") != FORMAT_NAME:
        raise StatsFileError("not a Buttons Game statistics file")
    version = document.get("version")
    if type(version) is not int or version < 1:
        raise StatsFileError(f"unknown statistics format version {_short(version)}")
    if version > VERSION:
        app_version = document.get("app_version")
        shown = excerpt(app_version, 64) if isinstance(app_version, str) else None
        raise NewerStatsFile(version, shown, _known_figures(document))
    return _statistics(document, version)


def _known_figures(document: dict[str, Any]) -> Statistics | None:
    """A newer file's figures in the fields this version knows (read as version 1, which
    has no recent games' tallies), or None when they cannot be read so."""
    try:
        return _statistics({key: document.get(key) for key in _FIELDS} | {"version": 1}, 1)
    except StatsFileError:
        return None


def _statistics(document: dict[str, Any], version: int) -> Statistics:
    fields = _FIELDS if version == 1 else _FIELDS_2
    if set(document) != set(fields):
        missing = sorted(set(fields) - set(document))
        extra = sorted(set(document) - set(fields))[:4]
        raise StatsFileError(
            "the file's fields are wrong"
            + (f"; missing {', '.join(missing)}" if missing else "")
            + (f"; unexpected {', '.join(map(_short, extra))}" if extra else "")
        )
    if not isinstance(document["app_version"], str) or len(document["app_version"]) > 64:
        raise StatsFileError("app_version must be a short text")
    counted = _counted(document["counted"])
    totals = _totals(document["games"])
    players = _players(document["players"], set(totals))
    for record in players:
        if record.games > totals[record.game]:
            raise StatsFileError(f"{_short(record.name)} has more games than were counted")
    recent = _recent(document.get("recent", []), set(counted))
    return Statistics(players, _dice(document["dice"]), counted, totals, recent)


def _recent(value: object, counted: set[str]) -> list[GameTally]:
    """The newest games' tallies: each a counted game; one of a game this app does not
    know (now) is left out."""
    if not isinstance(value, list) or len(value) > MAX_RECENT:
        raise StatsFileError(f"recent must be a list of at most {MAX_RECENT} games")
    tallies = []
    for i, entry in enumerate(value):
        where = f"recent game {i}"
        if not isinstance(entry, dict) or set(entry) != {"id", "game", "levels", "people", "dice"}:
            raise StatsFileError(f"{where} must be an object with id, game, levels, people, dice")
        if not isinstance(entry["id"], str) or entry["id"] not in counted:
            raise StatsFileError(f"{where} is not a counted game")
        kind = find_kind(entry["game"]) if isinstance(entry["game"], str) else None
        if kind is None:
            continue
        levels = entry["levels"]
        if not isinstance(levels, list) or not all(level in LEVELS for level in levels):
            raise StatsFileError(f"{where}'s levels must be among {', '.join(LEVELS)}")
        people = entry["people"]
        if not isinstance(people, list) or len(people) > 16:
            raise StatsFileError(f"{where}'s people must be a short list")
        seats = []
        for person in people:
            if not isinstance(person, dict) or set(person) != {"name", "won", "drew", "figures"}:
                raise StatsFileError(f"{where}: a person must have name, won, drew, figures")
            problem = name_problem(person["name"], MAX_NAME_CHARS)
            if problem:
                raise StatsFileError(f"{where}: a name {problem}")
            if type(person["won"]) is not bool or type(person["drew"]) is not bool:
                raise StatsFileError(f"{where}: won and drew must be true or false")
            figures = person["figures"]
            if not isinstance(figures, dict) or not set(figures) <= set(kind.figures):
                raise StatsFileError(f"{where}: figures must be among {', '.join(kind.figures)}")
            counts = tuple((name, _count(n, f"{where}'s {name}")) for name, n in figures.items())
            seats.append(SeatTally(person["name"], person["won"], person["drew"], counts))
        dice = entry["dice"]
        if not isinstance(dice, dict) or not set(dice) <= set(kind.die_kinds):
            raise StatsFileError(f"{where}'s dice must be among the game's dice")
        faces = {}
        for die, counts in dice.items():
            if not isinstance(counts, list) or len(counts) != FACES:
                raise StatsFileError(f"{where}'s {die} die must be a list of {FACES} counts")
            faces[die] = tuple(_count(n, f"{where}'s {die} die") for n in counts)
        tallies.append(GameTally(entry["id"], kind.id, tuple(seats), frozenset(levels), faces))
    return tallies


def _totals(value: object) -> dict[str, int]:
    """Each game's count of finished games: a registered game missing counts 0 (it came
    after the file was written); a game not registered is read and left out."""
    if not isinstance(value, dict):
        raise StatsFileError(f"games must be an object holding {', '.join(game_ids())}")
    totals = {game: _count(count, f"games {_short(game)}") for game, count in value.items()}
    return {game: totals.get(game, 0) for game in game_ids()} | {
        game: count for game, count in totals.items() if find_kind(game) is None
    }


def _parse(text: str) -> Any:
    try:
        return json.loads(
            text, parse_int=_int, parse_constant=_constant, object_pairs_hook=_unique_keys
        )
    except json.JSONDecodeError as error:
        if error.pos >= len(text.rstrip()):
            raise StatsFileError("the file is cut short (truncated JSON)") from None
        where = f"line {error.lineno}, column {error.colno}"
        raise StatsFileError(f"not valid JSON: {error.msg} ({where})") from None
    except RecursionError:
        raise StatsFileError("the JSON is nested too deeply") from None


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise StatsFileError(f"a number is far too large ({len(text)} digits)")
    return int(text)


def _constant(text: str) -> Any:
    raise StatsFileError(f"{text} is not a number the statistics can hold")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise StatsFileError(f"the field {_short(key)} appears twice in one object")
        result[key] = value
    return result


def _count(value: object, what: str) -> int:
    if type(value) is not int or not 0 <= value <= MAX_COUNT:
        raise StatsFileError(f"{what} must be a whole number from 0, not {_short(value)}")
    return value


def _counted(value: object) -> list[str]:
    if not isinstance(value, list) or len(value) > MAX_COUNTED:
        raise StatsFileError(f"counted must be a list of at most {MAX_COUNTED} game ids")
    for item in value:
        if not isinstance(item, str) or not GAME_ID.fullmatch(item):
            raise StatsFileError(f"counted holds {_short(item)}, which is not a game id")
    if len(set(value)) != len(value):
        raise StatsFileError("counted names a game twice")
    return value


def _dice(value: object) -> dict[str, tuple[int, ...]]:
    """Each kind of die's faces: one no registered game rolls is left out, one a game
    rolls that the file has not yet counts none."""
    if not isinstance(value, dict):
        raise StatsFileError(f"dice must hold {', '.join(die_kinds())}")
    dice = {}
    for kind, faces in value.items():
        if not isinstance(faces, list) or len(faces) != FACES:
            raise StatsFileError(f"dice {_short(kind)} must be a list of {FACES} counts")
        counts = tuple(_count(n, f"the {kind} die's {i + 1}s") for i, n in enumerate(faces))
        if kind in die_kinds():
            dice[kind] = counts
    return dice


def _players(value: object, games: set[str]) -> list[PlayerRecord]:
    """The players' records, each checked; those of a game in ``games`` that is not
    registered are left out."""
    if not isinstance(value, list) or len(value) > MAX_PLAYERS:
        raise StatsFileError(f"players must be a list of at most {MAX_PLAYERS} entries")
    records = []
    keys = set()
    for i, entry in enumerate(value):
        record = _record(entry, f"player {i}", games)
        if record is None:
            continue
        if record.key in keys:
            raise StatsFileError(f"player {i}: {_short(record.name)} is listed twice")
        keys.add(record.key)
        records.append(record)
    return records


def _record(entry: object, where: str, games: set[str]) -> PlayerRecord | None:
    game = entry.get("game") if isinstance(entry, dict) else None
    kind = find_kind(game) if isinstance(game, str) else None
    fields = {"name", "game", "vs", *_COUNTS, *(kind.figures if kind else ())}
    if not isinstance(entry, dict) or not fields <= set(entry):
        raise StatsFileError(f"{where} must be an object with {', '.join(sorted(fields))}")
    problem = name_problem(entry["name"], MAX_NAME_CHARS)
    if problem:
        raise StatsFileError(f"{where}'s name {problem}")
    if kind is None:
        if isinstance(game, str) and game in games:
            return None  # a game this app does not know (now): counted in the file, left out
        known = " or ".join(game_ids())
        raise StatsFileError(f"{where}'s game must be {known}, not {_short(game)}")
    figures = {
        f: _count(entry[f], f"{where}'s {f}") for f in sorted(set(entry) - {"name", "game", "vs"})
    }
    if figures["wins"] + figures["draws"] > figures["games"]:
        raise StatsFileError(f"{where} has more wins and draws than games")
    vs = entry["vs"]
    if not isinstance(vs, dict) or set(vs) != set(LEVELS):
        raise StatsFileError(f"{where}'s vs must hold exactly {', '.join(LEVELS)}")
    pairs = {}
    for level in LEVELS:
        pair = vs[level]
        if not isinstance(pair, list) or len(pair) != 2:
            raise StatsFileError(f"{where}'s vs {level} must be [games, wins]")
        games_vs, wins = (_count(n, f"{where}'s vs {level}") for n in pair)
        if not wins <= games_vs <= figures["games"]:
            raise StatsFileError(f"{where}'s vs {level} has more wins than games")
        pairs[level] = (games_vs, wins)
    record = PlayerRecord(entry["name"], kind.id, vs=pairs)
    record.games, record.wins, record.draws = (figures.pop(count) for count in _COUNTS)
    record.figures.update((name, n) for name, n in figures.items() if name in record.figures)
    return record


_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = 60
_REPR.maxlist = _REPR.maxdict = 6


def _short(value: object) -> str:
    """A short quote of a bad value, built without writing out all of a huge one."""
    return excerpt(_REPR.repr(value), 60)
