"""Kill campaign: SIGKILL the app's keeping of games at random moments and at the exact
moments of games' ends, over and over, and check that nothing is lost or miscounted.

    python benchmarks/kill_campaign.py [--kills 1000] [--jobs 2] [--seed 0]

Each job has its own BUTTONS_GAME_HOME and runs ``kill_child.py`` again and again (a
copy of the app's start, its autosave, statistics and settings writes, with easy bots
in the seats of people named Ann, Bo, Cem and Dee, BUTTONS or Kopf oder Knopf at
random; each run continues the unfinished game, as Continue does). Three runs in four are
killed at a random moment: after a random number of autosaves, plus up to 3 ms into
the next. The fourth dies by itself at one moment of its game's end: before the
finished save, after it, after the statistics counted it, or after the pruning.

After every run each save must load (0 unloadable) and hold at least every action
the run reported saved (0 lost); every finished game's tally is noted while its
autosave is there. Every run is a start, which removes the app's temp files older
than a minute; after the last kill the campaign waits a minute, so that every temp
file the kills left is old, and starts once more (its clean-up and its look at the
saves). Then:

- the statistics file equals the finished games' tallies added up: the same games
  counted, the same players' figures, game totals and dice;
- no game is gone: each has its autosave, or was finished and counted;
- no temporary file of the app older than a minute is left in its folders.

Prints the kills (random, at game ends), games started and finished, and each check.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from buttons_game.paths import HOME_VARIABLE  # noqa: E402

CHILD = Path(__file__).with_name("kill_child.py")
MOMENTS = ("before-save", "after-save", "after-count", "after-prune")
TEMP_AGE = 60


def run_child(home: Path, seed: int, moment: str | None, saves_before_kill: int | None):
    """One run: (lines printed, killed)."""
    env = {**os.environ, HOME_VARIABLE: str(home)}
    args = [sys.executable, str(CHILD), str(seed)] + ([moment] if moment else [])
    child = subprocess.Popen(
        args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True
    )
    assert child.stdout is not None and child.stderr is not None
    lines = []
    while True:
        line = child.stdout.readline()
        if not line:
            break
        lines.append(line.strip())
        if saves_before_kill is not None and line.startswith("saved "):
            saves_before_kill -= 1
            if saves_before_kill < 0:
                time.sleep(random.Random(seed).uniform(0, 0.003))
                child.send_signal(signal.SIGKILL)
                break
    lines += child.stdout.read().split()  # nothing after a kill; the rest of a clean end
    err = child.stderr.read()
    child.wait()
    killed = child.returncode == -signal.SIGKILL
    if not killed and child.returncode != 0:
        raise SystemExit(f"a run failed ({child.returncode}):\n{err}")
    return [line for line in lines if line], killed


def campaign(job: tuple[int, int, int]) -> dict[str, object]:
    kills, seed, number = job
    os.environ.pop(HOME_VARIABLE, None)
    home = Path(tempfile.mkdtemp(prefix=f"kill-campaign-{number}-"))
    os.environ[HOME_VARIABLE] = str(home)
    from buttons_game import saves
    from buttons_game.stats import decode_statistics, statistics_path
    from buttons_game.stats.tally import Statistics, tally_game

    rng = random.Random(seed)
    tallies: dict[str, object] = {}
    started: set[str] = set()
    unloadable = lost = random_kills = end_kills = runs = 0
    while random_kills + end_kills < kills:
        runs += 1
        at_end = rng.random() < 0.25
        moment = rng.choice(MOMENTS) if at_end else None
        wait = None if at_end else rng.randint(0, 150)
        lines, killed = run_child(home, rng.randrange(10**9), moment, wait)
        game_id = next(line.split()[1] for line in lines if line.startswith("game "))
        started.add(game_id)
        reported = [int(line.split()[1]) for line in lines if line.startswith("saved ")]
        if killed:
            end_kills += at_end
            random_kills += not at_end
        for info in saves.list_saves(prune=False):
            try:
                game = saves.read_save(info.path).game
            except saves.SaveFileError:
                unloadable += 1
                continue
            if game.game_id == game_id and reported and len(game.state.history()) < reported[-1]:
                lost += 1
            if game.state.is_over():
                tallies[game.game_id] = tally_game(game)
    folders = (home / "data", home / "data" / "saves", home / "config")

    def temps(older_than: float) -> int:
        now = time.time()
        return sum(
            1
            for folder in folders
            for path in folder.iterdir()
            if path.name.endswith(".tmp") and now - path.stat().st_mtime > older_than
        )

    time.sleep(TEMP_AGE + 1)  # every temp file a kill left is now older than a minute
    temps_before, old_before = temps(-1), temps(TEMP_AGE)
    lines, _ = run_child(home, 0, "start", None)  # the next start
    assert lines[-1] == "started", lines
    expected = Statistics()
    for tally in tallies.values():
        expected.add(tally)  # type: ignore[arg-type]
    counted = decode_statistics(statistics_path().read_bytes())
    present = {saves.read_save(i.path).game.game_id for i in saves.list_saves(prune=False)}
    return {
        "runs": runs,
        "random kills": random_kills,
        "end kills": end_kills,
        "games started": len(started),
        "games finished": len(tallies),
        "unloadable": unloadable,
        "lost": lost,
        "gone": len(started - present - set(counted.counted)),
        "statistics agree": (
            set(counted.counted) == set(tallies)
            and counted.records == expected.records
            and counted.totals == expected.totals
            and counted.dice == expected.dice
        ),
        "temp files before": temps_before,
        "old temp files before": old_before,
        "old temp files": temps(TEMP_AGE),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    share = -(-args.kills // args.jobs)
    began = time.perf_counter()
    with multiprocessing.Pool(args.jobs) as pool:
        results = pool.map(campaign, [(share, args.seed + j, j) for j in range(args.jobs)])
    total = {key: sum(int(r[key]) for r in results) for key in results[0]}  # type: ignore[call-overload]
    agree = all(r["statistics agree"] for r in results)
    print(
        f"kills:               {total['random kills'] + total['end kills']} "
        f"({total['random kills']} at random moments, {total['end kills']} at game ends) "
        f"in {total['runs']} runs, {time.perf_counter() - began:.0f} s"
    )
    print(
        f"games:               {total['games started']} started, {total['games finished']} finished"
    )
    print(f"saves unloadable:    {total['unloadable']}")
    print(
        f"saves lost:          {total['lost']} (a save holding fewer actions than reported saved)"
    )
    print(f"games gone:          {total['gone']} (neither saved nor counted)")
    print(
        f"statistics agree:    {'yes' if agree else 'NO'} (with the finished games, in every job)"
    )
    print(
        f"temp files > 1 min:  {total['old temp files']} after the next start (before it: "
        f"{total['temp files before']} left by kills, {total['old temp files before']} older)"
    )


if __name__ == "__main__":
    main()
