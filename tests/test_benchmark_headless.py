"""The headless benchmark prints games per second for each workload (no timing asserted)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.headless import WORKLOADS, main

ROOT = Path(__file__).resolve().parent.parent
FIGURE = r"\s+\d+\.\d\d"


def test_the_benchmark_prints_each_workloads_games_per_second(capsys) -> None:
    names = ["simulate-3p", "buttons-random", "kopf-random"]
    assert main(["--runs", "2", "--scale", "0.01", "--workloads", ",".join(names)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "headless play, games per second (median of 2 runs)"
    for name, line in zip(names, out[2:], strict=True):
        assert re.fullmatch(name + FIGURE, line), line
    assert set(WORKLOADS) >= {"buttons-default", "kopf-default"}, "the default levels too"


def test_an_unknown_workload_is_refused(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["--workloads", "chess"])
    assert "unknown workload 'chess'" in capsys.readouterr().err


@pytest.mark.slow  # two child processes
def test_the_benchmark_compares_checkouts_run_by_run() -> None:
    run = subprocess.run(
        [sys.executable, "benchmarks/headless.py", "--runs", "1", "--scale", "0.01"]
        + ["--workloads", "buttons-random", "--source", ".", "--source", str(ROOT)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    last = run.stdout.splitlines()[-1]
    assert re.fullmatch(r"buttons-random" + FIGURE + FIGURE + r"\s+[+-]\d+\.\d%", last), last
