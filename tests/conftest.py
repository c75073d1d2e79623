import os
import shutil
import sys

import pytest

# Bytecode is cached (in the ignored __pycache__ folders) even where PYTHONDONTWRITEBYTECODE
# is set: otherwise every run's workers rewrite the assertions of each test module and
# compile every module anew, some 4 s of each worker's start; a cached file is used only
# while its source is unchanged.
sys.dont_write_bytecode = False

# Headless pygame for every test; set before anything imports pygame.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["BUTTONS_GAME_VOICE"] = "recording"  # no test ever speaks aloud
# No test ever reaches the public wormhole servers: a lobby or join screen made by a test
# asks a mailbox on a closed port of this machine (a test with its own servers, inside its
# own network namespace, names them here instead).
os.environ.setdefault("BUTTONS_GAME_WORMHOLE", "ws://127.0.0.1:9/v1,")

# tmp_path (and so every test's BUTTONS_GAME_HOME) on a RAM disk where there is a roomy
# one: the saves' fsyncs and the clean-up of old temporary folders then cost nothing on a
# busy disk. pytest reads this variable for the root of its temporary folders.
RAM_DISK = "/dev/shm"
if (
    "PYTEST_DEBUG_TEMPROOT" not in os.environ
    and os.path.isdir(RAM_DISK)
    and os.access(RAM_DISK, os.W_OK)
    and shutil.disk_usage(RAM_DISK).free >= 2**30
):
    os.environ["PYTEST_DEBUG_TEMPROOT"] = RAM_DISK


# Tests the quick tier (-m "not slow") leaves to the full suite: each took over 0.15 s of
# it (a screen driven end to end, every language, many window sizes). The engines' and
# the saves' own tests all stay quick: the mutation runs use them.
HEAVY = os.path.join(os.path.dirname(__file__), "heavy.txt")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    with open(HEAVY, encoding="utf-8") as listed:
        heavy = {line.rstrip("\n") for line in listed if line.strip()}
    for item in items:
        if item.nodeid in heavy:
            item.add_marker(pytest.mark.slow)
