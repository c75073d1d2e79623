"""The one network thread of a process and its one asyncio event loop.

Every connection of a networked game runs on it: the host's WebSocket server, a guest's
client, and the wormholes of play over the internet (``internet``), whose Twisted code runs
on the same loop through Twisted's asyncio reactor, installed here the first time a wormhole
is made. The thread starts with the first network and lives as long as the process (a
daemon: it never keeps a closing app open). The owner's thread never waits on it except to
start or stop one network.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")

THREAD_NAME = "buttons-game-network"

_lock = threading.Lock()
_loop: asyncio.AbstractEventLoop | None = None
_reactor: Any = None


def network_loop() -> asyncio.AbstractEventLoop:
    """The process's network loop, started on its thread the first time it is asked for."""
    global _loop
    with _lock:
        if _loop is None or _loop.is_closed():
            loop = asyncio.new_event_loop()
            started = threading.Event()

            def run() -> None:
                asyncio.set_event_loop(loop)
                loop.call_soon(started.set)
                loop.run_forever()

            threading.Thread(target=run, name=THREAD_NAME, daemon=True).start()
            started.wait()
            _loop = loop
        return _loop


def submit(work: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
    """Run ``work`` on the network loop; its future, for the owner's thread."""
    return asyncio.run_coroutine_threadsafe(work, network_loop())


def on_network_thread() -> bool:
    return threading.current_thread().name == THREAD_NAME


class ReactorError(RuntimeError):
    """Twisted's reactor cannot run on the network loop (another reactor was installed in
    this process before it)."""


def twisted_reactor() -> Any:
    """Twisted's reactor, running on the network loop: installed and started the first time,
    on the network thread only. Its thread pool (Twisted resolves host names on it) has
    daemon threads, so a process never waits for it to end."""
    global _reactor
    if _reactor is not None:
        return _reactor
    if not on_network_thread():
        raise RuntimeError("Twisted's reactor is made on the network thread")
    import sys

    if "twisted.internet.reactor" in sys.modules:
        from twisted.internet import reactor as installed

        if getattr(installed, "_asyncioEventloop", None) is not asyncio.get_running_loop():
            raise ReactorError("another Twisted reactor runs in this process")
        _reactor = installed
        return _reactor
    from twisted.internet import asyncioreactor

    asyncioreactor.install(asyncio.get_running_loop())  # type: ignore[no-untyped-call]
    from twisted.internet import reactor

    pool = reactor.getThreadPool()
    pool.threadFactory = functools.partial(threading.Thread, daemon=True)
    reactor.startRunning(installSignalHandlers=False)
    _reactor = reactor
    return reactor


__all__ = ["THREAD_NAME", "ReactorError", "network_loop", "on_network_thread", "submit",
           "twisted_reactor"]  # fmt: skip
