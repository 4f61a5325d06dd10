"""HTTP-mode throughput of deadline-bot's slash command vs. a bare Bolt app that only acks.

One server process (uvicorn) hosts both apps behind the same Starlette endpoint code:
`/ours/slack/events` (the real app: the answer is computed on the worker pool and rides in the
acknowledgement when ready within `ACK_ANSWER_SECONDS`, else goes to the response_url) and
`/bare/slack/events` (a Bolt app whose /deadline listener only acks). A fake Slack Web API runs in a
third process (tests/support/fakeslack.py) and receives any late answers. The same asyncio client
sends signed slash commands, 50 at a time, alternating rounds between the two.

Prints requests/s for both, the ratio (target ≥ 0.8), our ack latency p50/p99 at 50 concurrent
requests (target p99 ≤ 300 ms), and how the answers were delivered (in the ack or late).
Loopback only; every loop is bounded.

    .venv/bin/python benchmarks/http_throughput.py [--requests 1000] [--concurrency 50]
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing as mp
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SECRET = "bench-signing-secret"
TOKEN = "xoxb-bench"
QUESTIONS = (
    "md-successor-lt-gov event=death event_date=2026-05-01",
    "LG candidate died May 1 2026, successor deadline?",
    "when is the voter registration deadline?",
    "help",
)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _serve(port: int, fake_base_url: str, ready: mp.Event) -> None:  # pragma: no cover
    """Child process: both Bolt apps on one uvicorn server."""
    import logging

    import uvicorn
    from slack_bolt import Ack, App
    from slack_sdk import WebClient
    from starlette.applications import Starlette
    from starlette.routing import Mount

    from bot.ops.health import Health
    from bot.ops.settings import Settings
    from bot.slack.app import build_surfaces
    from bot.slack.server import create_http_app
    from tests.support.service import packaged_service

    logging.basicConfig(level=logging.ERROR)
    for key in [k for k in os.environ if k.startswith("SLACK_")]:
        del os.environ[key]
    settings = Settings(
        slack_bot_token=TOKEN, slack_signing_secret=SECRET, slack_api_base_url=fake_base_url
    )
    client = WebClient(token=TOKEN, base_url=fake_base_url)
    service = packaged_service(date(2026, 4, 1))
    surfaces = build_surfaces(settings, service, client)

    bare = App(signing_secret=SECRET, client=WebClient(token=TOKEN, base_url=fake_base_url))

    @bare.command("/deadline")
    def ack_only(ack: Ack) -> None:
        ack()

    health = Health(service=service)
    threads = settings.bolt_threads
    app = Starlette(
        routes=[
            Mount(
                "/ours",
                create_http_app(surfaces.app, health, signing_secret=SECRET, max_threads=threads),
            ),
            Mount(
                "/bare", create_http_app(bare, health, signing_secret=SECRET, max_threads=threads)
            ),
        ]
    )
    config = uvicorn.Config(
        app, host="127.0.0.1", port=port, log_level="error", access_log=False, backlog=2048
    )
    server = uvicorn.Server(config)

    async def run() -> None:
        task = asyncio.create_task(server.serve())
        while not server.started:
            await asyncio.sleep(0.02)
        ready.set()
        await task

    asyncio.run(run())


def _form(n: int, response_url: str) -> str:
    return urlencode(
        {
            "team_id": "T1",
            "channel_id": "C1",
            "user_id": f"U{n % 50}",
            "command": "/deadline",
            "text": QUESTIONS[n % len(QUESTIONS)],
            "response_url": response_url,
            "trigger_id": f"bench.{n}",
        }
    )


async def _round(
    url: str, n: int, concurrency: int, start_id: int, response_base: str
) -> tuple[float, list[float], int]:
    """Send n signed commands over `concurrency` keep-alive connections.

    Returns (elapsed, latencies, how many acknowledgements carried a message).

    A minimal HTTP/1.1 client on asyncio streams, so the client costs little CPU and both
    targets see exactly the same load generator.
    """
    from urllib.parse import urlsplit

    from slack_sdk.signature import SignatureVerifier

    verifier = SignatureVerifier(SECRET)
    parts = urlsplit(url)
    bodies = [_form(start_id + i, f"{response_base}/bench{start_id + i}") for i in range(n)]
    latencies: list[float] = []
    with_answer = 0
    queue: asyncio.Queue[str] = asyncio.Queue()
    for body in bodies:
        queue.put_nowait(body)

    async def connection() -> None:
        nonlocal with_answer
        reader, writer = await asyncio.open_connection(parts.hostname, parts.port)
        try:
            while not queue.empty():
                body = queue.get_nowait().encode()
                ts = str(int(time.time()))
                signature = verifier.generate_signature(timestamp=ts, body=body) or ""
                head = (
                    f"POST {parts.path} HTTP/1.1\r\nHost: {parts.netloc}\r\n"
                    "Content-Type: application/x-www-form-urlencoded\r\n"
                    f"Content-Length: {len(body)}\r\nX-Slack-Request-Timestamp: {ts}\r\n"
                    f"X-Slack-Signature: {signature}\r\n\r\n"
                )
                sent = time.perf_counter()
                writer.write(head.encode() + body)
                await writer.drain()
                status_line = await reader.readline()
                length = 0
                while (line := await reader.readline()) not in (b"\r\n", b""):
                    name, _, value = line.decode().partition(":")
                    if name.lower() == "content-length":
                        length = int(value)
                if length:
                    with_answer += bool((await reader.readexactly(length)).strip())
                latencies.append(time.perf_counter() - sent)
                if b" 200 " not in status_line:
                    raise RuntimeError(f"{url} answered {status_line!r}")
        finally:
            writer.close()

    started = time.perf_counter()
    await asyncio.gather(*(connection() for _ in range(concurrency)))
    return time.perf_counter() - started, latencies, with_answer


def _count_lines(path: Path) -> int:
    """Answers the fake has received on benchmark response_urls."""
    try:
        with path.open("rb") as fh:
            return sum(1 for line in fh if b'"response_url/bench' in line)
    except FileNotFoundError:
        return 0


def _wait_for_answers(log_path: Path, count: int, timeout: float = 120) -> None:
    deadline = time.time() + timeout
    while _count_lines(log_path) < count:
        if time.time() > deadline:
            raise RuntimeError(f"only {_count_lines(log_path)}/{count} answers arrived")
        time.sleep(0.02)


def _cpu_seconds(pid: int | None) -> float:
    """User + system CPU seconds of a process (Linux /proc), 0.0 where unavailable."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--requests", type=int, default=1000, help="per round and target")
    parser.add_argument("--concurrency", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()

    log_path = Path(tempfile.mkdtemp(prefix="bench-fakeslack-")) / "calls.jsonl"
    fake_port = _free_port()
    fake = subprocess.Popen(
        [sys.executable, "-m", "tests.support.fakeslack", str(fake_port), str(log_path)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert fake.stdout is not None
    fake.stdout.readline()  # the fake prints its port once listening
    fake_base = f"http://127.0.0.1:{fake_port}"

    port = _free_port()
    ready = mp.get_context("spawn").Event()
    server = mp.get_context("spawn").Process(
        target=_serve, args=(port, f"{fake_base}/api/", ready), daemon=True
    )
    server.start()
    try:
        if not ready.wait(60):
            raise RuntimeError("server did not start")
        base = f"http://127.0.0.1:{port}"
        ours_url, bare_url = f"{base}/ours/slack/events", f"{base}/bare/slack/events"
        response_base = f"{fake_base}/response_url"
        n, c = args.requests, args.concurrency

        # Warm-up (imports, corpus, matcher caches) outside the measured rounds.
        asyncio.run(_round(bare_url, 100, c, 20_000_000, response_base))
        _, _, acked = asyncio.run(_round(ours_url, 100, c, 10_000_000, response_base))
        _wait_for_answers(log_path, 100 - acked)

        totals = {"bare": [0.0, 0], "ours": [0.0, 0]}
        cpu = {"bare": 0.0, "ours": 0.0}
        fake_cpu = 0.0
        our_latencies: list[float] = []
        answer_seconds = 0.0
        in_ack = 0
        for r in range(args.rounds):
            for name, url in (("bare", bare_url), ("ours", ours_url)):
                start_id = (r * 2 + (name == "ours")) * n
                before = _count_lines(log_path)
                cpu_before = _cpu_seconds(server.pid)
                fake_before = _cpu_seconds(fake.pid)
                started = time.perf_counter()
                elapsed, latencies, acked = asyncio.run(_round(url, n, c, start_id, response_base))
                totals[name][0] += elapsed
                totals[name][1] += n
                if name == "ours":
                    our_latencies.extend(latencies)
                    in_ack += acked
                    # Let late answers drain so the next bare round runs on a quiet server.
                    _wait_for_answers(log_path, before + n - acked)
                    answer_seconds += time.perf_counter() - started
                cpu[name] += _cpu_seconds(server.pid) - cpu_before
                fake_cpu += _cpu_seconds(fake.pid) - fake_before

        bare_rps = totals["bare"][1] / totals["bare"][0]
        ours_rps = totals["ours"][1] / totals["ours"][0]
        p50 = statistics.median(our_latencies) * 1000
        p99 = statistics.quantiles(our_latencies, n=100)[98] * 1000
        total = n * args.rounds
        print(f"requests per target: {total} in {args.rounds} rounds, concurrency {c}")
        print(f"bare Bolt ack-only : {bare_rps:8.1f} req/s")
        print(f"deadline-bot       : {ours_rps:8.1f} req/s")
        print(f"ratio              : {ours_rps / bare_rps:8.2f}  (target >= 0.80)")
        print(f"our ack p50 / p99  : {p50:6.1f} ms / {p99:6.1f} ms  (target p99 <= 300 ms)")
        print(
            f"answers            : {total / answer_seconds:8.1f} answers/s delivered "
            f"(first request to last answer); {in_ack / total:.1%} in the acknowledgement, "
            f"{total - in_ack} late on the response_url"
        )
        print(
            f"server CPU/request : bare {cpu['bare'] / total * 1000:.2f} ms, ours (ack + answer) "
            f"{cpu['ours'] / total * 1000:.2f} ms; fake Slack {fake_cpu / total * 1000:.2f} ms "
            f"per request; {os.cpu_count()} CPUs shared by client, server and fake"
        )
        return 0
    finally:
        server.terminate()
        server.join(10)
        fake.terminate()
        fake.wait(10)


if __name__ == "__main__":
    raise SystemExit(main())
