"""Slowloris: 1 000 connections each sending a header byte every few seconds (reconnecting when
the server cuts them) while wrk, a normal client, keeps at least 90 % of its throughput.

Rounds alternate without and with the attack, so that the load of other work on the machine
falls on both sides of the ratio. Full mode runs rounds past the request-head timeout (10 s),
so the server's 408s and the attacker's reconnections are part of it."""
import asyncio
import json
import random
import signal
import subprocess
import sys

from hostile_support import Server, raise_fd_limit, report, short_mode, wrk

ATTACKERS = 1000
PATH = "/v1/grid?count=9&style=adaptive&content_width=355&scale=3"


async def attacker(port, stop, stats):
    """One slow client: a request line, then a header byte every 2–4 s; reconnects when cut."""
    while not stop.is_set():
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            stats["connect_errors"] += 1
            await asyncio.sleep(1)
            continue
        stats["open"] += 1
        try:
            writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            await writer.drain()
            while not stop.is_set():
                read = asyncio.ensure_future(reader.read(4096))
                done, _ = await asyncio.wait({read}, timeout=random.uniform(2, 4))
                if done:
                    answer = read.result()
                    if answer.startswith(b"HTTP/1.1 408"):
                        stats["408"] += 1
                    break  # cut by the server: reconnect
                read.cancel()
                writer.write(b"a")
                await writer.drain()
        except (ConnectionError, OSError):
            stats["reset"] += 1
        finally:
            stats["open"] -= 1
            writer.close()


async def attack(port):
    """Attacks until SIGTERM, then prints what the attackers saw."""
    stats = {"open": 0, "408": 0, "reset": 0, "connect_errors": 0}
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    tasks = [asyncio.ensure_future(attacker(port, stop, stats)) for _ in range(ATTACKERS)]
    while stats["open"] < ATTACKERS and not stop.is_set():
        await asyncio.sleep(0.1)
    print("ready", flush=True)
    await asyncio.gather(*tasks)
    print(json.dumps(stats), flush=True)


def main():
    if sys.argv[1:2] == ["--attack"]:
        raise_fd_limit()
        asyncio.run(attack(int(sys.argv[2])))
        return
    raise_fd_limit()
    seconds = 2 if short_mode() else 12
    rounds = 2 if short_mode() else 3
    server = Server("--max-connections", "4000")
    try:
        url = f"http://127.0.0.1:{server.port}{PATH}"
        wrk(url, 1)  # warm-up
        calm, attacked, cut = [], [], 0
        for _ in range(rounds):
            calm.append(wrk(url, seconds)["rate"])
            process = subprocess.Popen([sys.executable, __file__, "--attack", str(server.port)],
                                       stdout=subprocess.PIPE, text=True)
            ready = process.stdout.readline().strip()
            result = wrk(url, seconds)
            attacked.append(result["rate"])
            process.terminate()
            stats = json.loads(process.communicate(timeout=15)[0] or "{}")
            cut += stats.get("408", 0)
            if ready != "ready" or result["non2xx"] or result["read"] or result["timeout"]:
                report("slowloris", False, f"attack {ready!r}, wrk under attack {result}")
        alive = server.process.poll() is None
    finally:
        server.stop()
    ratio = sum(attacked) / sum(calm)
    figures = (f"{ATTACKERS} slow connections; wrk {sum(calm) / rounds:.0f} req/s alone, "
               f"{sum(attacked) / rounds:.0f} req/s under attack: {ratio:.1%} kept ({rounds}×{seconds}s rounds); "
               f"{cut} slow connections cut with 408")
    # Rounds longer than the 10 s request-head timeout must see the server cut slow heads.
    report("slowloris", alive and ratio >= 0.9 and (seconds < 10 or cut > 0), figures)


if __name__ == "__main__":
    main()
