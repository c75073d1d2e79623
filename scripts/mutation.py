"""Mutation testing of both engines: do the quick tests notice a broken rule?

    pip install -e '.[mutation]'
    python scripts/mutation.py [--jobs 2] [--report-only] [--diffs]

Runs mutmut (configured in pyproject.toml, ``[tool.mutmut]``) on every file of
``games/buttons/engine`` and ``games/kopf/engine``: each mutant (a small change of the
code: ``<`` for ``<=``, ``and`` for ``or``, a constant off by one …) is run against the
quick tier's engine and save tests that reach the changed function. Then prints, per
file, the mutants, how many the tests killed, and the score. A mutant that survives is
either in ``mutation.toml`` (equivalent to the code, or changing only a message, each
with its reason) or new: the new ones are listed (``--diffs``: with their change) and
the script exits 1, so a change that weakens the tests shows at once.

Functions that run only when a module is imported (the boards' tables) are built once
in mutmut's parent process, before its workers fork, so their mutants never take
effect there: the survivors of the functions ``mutation.toml`` names under ``[fresh]``
are run again each in a fresh interpreter with the mutant active from the start.

About 20 minutes on two cores; not part of CI. Run it after any change to an engine.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: the mutation extra brings tomli
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
LIST = ROOT / "mutation.toml"
# The tests each mutant runs: the engines' and the saves' (pyproject.toml, [tool.mutmut]).
SELECTION: list[str] = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
    "mutmut"
]["pytest_add_cli_args_test_selection"]
_LINE = re.compile(r"^\s+(\S+): (.+)$")


# A mutant can make a loop endless (``mask |= low`` for ``mask ^= low``) and fill the
# memory in minutes: each process of the run gets at most this much, so such a mutant
# fails its first test with MemoryError (``-x`` in the configuration stops there).
MEMORY_LIMIT = 3 * 2**30


def _limit_memory() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def mutmut(*args: str, capture: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mutmut", *args],
        cwd=ROOT,
        capture_output=capture,
        text=True,
        check=False,
        preexec_fn=_limit_memory if os.name == "posix" else None,
    )


def results() -> dict[str, str]:
    """Every mutant's name and status (killed, survived, no tests, timeout …)."""
    done = mutmut("results", "--all", "true")
    if done.returncode != 0:
        sys.exit(f"mutmut results failed:\n{done.stderr}")
    found = {}
    for line in done.stdout.splitlines():
        match = _LINE.match(line)
        if match:
            found[match.group(1)] = match.group(2).strip()
    return found


def module_of(name: str) -> str:
    """``buttons_game.games.kopf.engine.state.xǁKopfStateǁmoves__mutmut_3`` → its module."""
    head = name.split("__mutmut_")[0]
    parts = head.split(".")
    return ".".join(p for p in parts if not p.startswith(("x_", "xǁ")))


def function_of(name: str) -> str:
    """The mangled function a mutant belongs to (its name without ``__mutmut_N``)."""
    return name.split("__mutmut_")[0]


def fresh_process_kills(name: str) -> bool:
    """Run the engine tests of the mutant's game in a new interpreter with ``name``
    active from its import; True if one fails (it stops at the first)."""
    env = {**os.environ, "MUTANT_UNDER_TEST": name, "PYTHONDONTWRITEBYTECODE": "1"}
    env["PYTHONPATH"] = str(ROOT / "mutants")
    game = name.split(".")[2]  # buttons_game.games.<game>.engine…
    tests = [t for t in SELECTION if f"/{game}/" in t or t.startswith("tests/saves")]
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-n0", "-x", "-q", "-m", "not slow",
         "-p", "no:cacheprovider", *tests],
        cwd=ROOT / "mutants",
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )  # fmt: skip
    return done.returncode != 0


def _lines(path: Path) -> list[str]:
    try:
        return path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        return []


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--report-only", action="store_true", help="the last run's results")
    parser.add_argument("--diffs", action="store_true", help="show each new survivor's change")
    args = parser.parse_args()
    listed = tomllib.loads(LIST.read_text(encoding="utf-8"))
    known: dict[str, str] = listed.get("equivalent", {})
    fresh: set[str] = set(listed.get("fresh", {}).get("functions", []))
    fresh_file = ROOT / "mutants" / "fresh-kills.txt"  # this run's fresh checks, kept
    if not args.report_only:
        fresh_file.unlink(missing_ok=True)
        run = mutmut("run", "--max-children", str(args.jobs), capture=False)
        if run.returncode not in (0, 1):
            sys.exit(f"mutmut run failed ({run.returncode})")
    status = results()
    if not status:
        sys.exit("no mutants: run without --report-only first")
    caught = ("killed", "timeout")
    again = [n for n, s in sorted(status.items()) if s not in caught and function_of(n) in fresh]
    checked = dict(
        line.split(" ", 1) for line in _lines(fresh_file) if " " in line
    )  # name -> "killed" or "survived"
    for number, name in enumerate(again, 1):
        print(f"\rin a fresh interpreter: {number}/{len(again)}", end="", flush=True)
        if name not in checked:
            checked[name] = "killed" if fresh_process_kills(name) else "survived"
            with fresh_file.open("a", encoding="utf-8") as kept:
                kept.write(f"{name} {checked[name]}\n")
        if checked[name] == "killed":
            status[name] = "killed"  # by a fresh interpreter, where the tables are rebuilt
    if again:
        print()
    total: Counter[str] = Counter()
    killed: Counter[str] = Counter()
    excused: Counter[str] = Counter()
    new: list[tuple[str, str]] = []
    for name, state in status.items():
        module = module_of(name)
        total[module] += 1
        if state in ("killed", "timeout"):  # a timeout: the tests noticed (a game never ended)
            killed[module] += 1
        elif name in known:
            excused[module] += 1
        else:
            new.append((name, state))
    print(f"{'file':<44} {'mutants':>7} {'killed':>7} {'listed':>7} {'new':>5} {'score':>7}")
    for module in sorted(total):
        path = module.replace(".", "/") + ".py"
        if not (ROOT / path).exists():
            path = module.replace(".", "/") + "/__init__.py"  # a package's own module
        alive = total[module] - killed[module] - excused[module]
        score = 100 * killed[module] / total[module]
        print(
            f"{path.removeprefix('buttons_game/'):<44} {total[module]:>7} {killed[module]:>7} "
            f"{excused[module]:>7} {alive:>5} {score:>6.1f}%"
        )
    every, dead = sum(total.values()), sum(killed.values())
    print(f"{'all':<44} {every:>7} {dead:>7} {sum(excused.values()):>7} {len(new):>5} "
          f"{100 * dead / every:>6.1f}%")  # fmt: skip
    stale = sorted(set(known) - set(status))
    if stale:
        print(f"\n{len(stale)} listed mutants no longer exist (the code changed): "
              "take them out of mutation.toml")  # fmt: skip
    if not new:
        print("\nevery surviving mutant is listed in mutation.toml with its reason")
        return
    print(f"\n{len(new)} surviving mutants not listed (a test should kill them, or list "
          "them with the reason they are equivalent):")  # fmt: skip
    for name, state in sorted(new):
        print(f"  {name}: {state}")
        if args.diffs:
            print(mutmut("show", name).stdout)
    sys.exit(1)


if __name__ == "__main__":
    main()
