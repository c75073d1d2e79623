"""The CPU time of one join-code handshake, per side, and of sealing and opening a frame.

    python benchmarks/net_handshake.py [--runs 20]

Each run builds a host's and a guest's ``Handshake`` (SPAKE2 on the join code) and times
each side's ``start()`` plus ``finish()`` with the process's CPU clock, then one
protocol frame sealed by the guest and opened by the host. Prints the median of the runs
(and the slowest), in milliseconds.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from buttons_game.net.messages import Ping  # noqa: E402
from buttons_game.net.protocol import encode  # noqa: E402
from buttons_game.net.secure import GUEST, HOST, Handshake  # noqa: E402


def one_run() -> tuple[float, float, float]:
    """CPU seconds of the host's side, the guest's side, and one frame sealed and opened."""
    clock = time.process_time
    begun = clock()
    host = Handshake("K7P2Q", HOST)
    to_guest = host.start()
    host_start = clock() - begun
    begun = clock()
    guest = Handshake("K7P2Q", GUEST)
    to_host = guest.start()
    guest_channel = guest.finish(to_guest)
    guest_time = clock() - begun
    begun = clock()
    host_channel = host.finish(to_host)
    host_time = host_start + clock() - begun
    frame = encode(Ping(1))
    begun = clock()
    assert host_channel.open(guest_channel.seal(frame)) == frame
    return host_time, guest_time, clock() - begun


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    runs = [one_run() for _ in range(parser.parse_args().runs)]
    for i, what in enumerate(("host's handshake", "guest's handshake", "a frame sealed+opened")):
        times = [run[i] * 1000 for run in runs]
        print(
            f"{what:24} median {statistics.median(times):7.2f} ms CPU, "
            f"slowest {max(times):7.2f} ms ({len(times)} runs)"
        )


if __name__ == "__main__":
    main()
