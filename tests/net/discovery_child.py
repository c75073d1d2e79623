"""Run inside a private network namespace (``unshare -rn``): one announcer, one browser, both
bound to 127.0.0.1; prints what the browser found and how long it took."""

from __future__ import annotations

import json
import sys
import time

from buttons_game.net.discovery import Announcer, Browser


def main() -> int:
    start = time.monotonic()
    announcer = Announcer("Ann's table", "kopf", 45123, 1, address="127.0.0.1",
                          interfaces=["127.0.0.1"])  # fmt: skip
    browser = Browser(interfaces=["127.0.0.1"])
    found = []
    try:
        while time.monotonic() - start < 15:
            found = browser.games()
            if found:
                break
            time.sleep(0.05)
        seconds = time.monotonic() - start
        announcer.update(0)
        later = found
        for _ in range(100):
            later = browser.games()
            if later and later[0].open_seats == 0:
                break
            time.sleep(0.05)
    finally:
        browser.close()
        announcer.close()
    print(json.dumps({"found": [g.__dict__ for g in found], "seconds": seconds,
                      "later": [g.__dict__ for g in later]}))  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
