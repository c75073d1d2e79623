"""A TCP proxy on 127.0.0.1 for tests: every chunk is held ``delay`` seconds on its way, and
now and then (``cut_every`` seconds on average, from a seeded random) every connection
through it is cut. As a process: ``python -m tests.net.proxy LISTEN TARGET DELAY CUT SEED``."""

from __future__ import annotations

import asyncio
import random
import sys


async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, delay: float) -> None:
    try:
        while chunk := await reader.read(65536):
            await asyncio.sleep(delay)
            writer.write(chunk)
            await writer.drain()
    except (ConnectionError, asyncio.CancelledError):
        pass
    finally:
        writer.close()


async def main(listen: int, target: int, delay: float, cut_every: float, seed: int) -> None:
    rng = random.Random(seed)
    links: set[tuple[asyncio.StreamWriter, asyncio.StreamWriter]] = set()

    async def accept(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", target)
        except OSError:
            writer.close()
            return
        link = (writer, up_writer)
        links.add(link)
        await asyncio.gather(pipe(reader, up_writer, delay), pipe(up_reader, writer, delay))
        links.discard(link)

    server = await asyncio.start_server(accept, "127.0.0.1", listen)
    print("ready", flush=True)
    async with server:
        while True:
            await asyncio.sleep(rng.expovariate(1 / cut_every))
            for down, up in list(links):  # the network drops: both ends see the cut
                down.transport.abort()
                up.transport.abort()


if __name__ == "__main__":
    listen, target = int(sys.argv[1]), int(sys.argv[2])
    delay, cut, seed = float(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5])
    asyncio.run(main(listen, target, delay, cut, seed))
