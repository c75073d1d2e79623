"""A statistics.json written by the app at commit c58ff6d loads with the same figures,
and is written again as that app wrote it, but as version 2 with its (empty) list of
recent games' tallies."""

import json
from pathlib import Path

from buttons_game import stats
from buttons_game.stats.report import stats_to_json

DATA = Path(__file__).parent / "data"


def test_the_statistics_file_of_c58ff6d_loads_with_the_same_figures():
    data = (DATA / "c58ff6d-statistics.json").read_bytes()
    expected = json.loads((DATA / "c58ff6d-expected.json").read_text(encoding="utf-8"))
    loaded = stats.decode_statistics(data)
    assert json.loads(json.dumps(stats_to_json(loaded))) == expected
    assert loaded.totals == {"buttons": 7, "kopf": 5}
    again = stats.encode_statistics(loaded)
    old = json.loads(data)
    assert old["version"] == 1 and "recent" not in old
    assert json.loads(again) == old | {"version": 2, "recent": []}
    assert stats.decode_statistics(again) == loaded
