"""Sustained-load test of `deadline-bot serve` in HTTP mode: fixed request rate, bounded time.

Starts the fake Slack Web API (`python -m tests.support.fakeslack`, its own process) and a real
`deadline-bot serve` (HTTP mode, SQLite file database in a temp folder) on 127.0.0.1, then runs
this script again as a separate client process that sends signed slash commands at a fixed rate
(open loop: a slow answer never delays the next send) mixing structured commands, free-text
questions, out-of-scope questions, `/cite` and help. After a warm-up it measures for `--seconds`.

Prints the ack latency p50/p99 (time to our HTTP response), the error count (non-200 or no
response within the timeout), the server's RSS growth from after warm-up to the end (VmRSS from
/proc), answers delivered (in the acknowledgement, or late on the response_url), and whether the
targets were met:
0 errors, p99 <= 300 ms at 100 requests/s, RSS growth <= 10 %. Exit status 1 if one is missed.
Loopback only; every wait has a timeout and the run stops after warm-up + `--seconds`.

    .venv/bin/python benchmarks/load.py [--rate 100] [--seconds 60] [--warmup 10]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from http_throughput import (
    ROOT,
    SECRET,
    TOKEN,
    _count_lines,
    _cpu_seconds,
    _free_port,
    _wait_for_answers,
)
from stats import percentile

TARGET_P99_MS = 300.0
TARGET_RSS_GROWTH = 10.0  # percent
REQUEST_TIMEOUT = 10.0  # seconds; a request not answered by then is an error
#: (command, text): what staff send, in rotation.
MIX = (
    ("/deadline", "md-successor-lt-gov event=death event_date=2026-05-01"),
    ("/deadline", "LG candidate died May 1 2026, successor deadline?"),
    ("/deadline", "md-petition-signatures registered_voters=123456"),
    ("/deadline", "how many signatures does an independent need with 123,456 registered voters"),
    ("/deadline", "ma-vacancy-certificate withdrawal_deadline=2026-06-05T17:00 office=state"),
    ("/deadline", "when is the voter registration deadline?"),
    ("/deadline", "what's the weather in Annapolis tomorrow?"),
    ("/cite", "Md. Code, Elec. Law § 5-903(b)(2)(ii)"),
    ("/deadline", "how do I register to vote in Texas?"),
    ("/deadline", "help"),
)


def _vm_rss_kib(pid: int) -> int:
    """Resident set size of `pid` in KiB (Linux /proc/PID/status VmRSS)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for pid {pid}")


# --- client process ------------------------------------------------------------------------
async def _drive(
    url: str, response_base: str, rate: float, seconds: float, warmup: float
) -> dict[str, Any]:
    """Send signed commands at `rate`/s for warmup + seconds; latencies of the measured part.

    Prints "warm" on stdout when the warm-up ends (the parent then samples RSS).
    """
    import httpx
    from slack_sdk.signature import SignatureVerifier

    verifier = SignatureVerifier(SECRET)
    latencies: list[float] = []
    errors: dict[str, int] = {}
    lag = 0.0
    in_ack = 0  # acknowledgements that carried the answer
    warm_count = int(warmup * rate)
    total = warm_count + int(seconds * rate)
    limits = httpx.Limits(max_connections=256, max_keepalive_connections=64)

    async with httpx.AsyncClient(timeout=REQUEST_TIMEOUT, limits=limits) as client:

        async def send(n: int) -> None:
            nonlocal in_ack
            command, text = MIX[n % len(MIX)]
            body = urlencode(
                {
                    "team_id": "T1",
                    "channel_id": "C1",
                    "user_id": f"U{n % 50}",
                    "command": command,
                    "text": text,
                    "response_url": f"{response_base}/bench{n}",
                    "trigger_id": f"load.{n}",
                }
            )
            ts = str(int(time.time()))
            headers = {
                "Content-Type": "application/x-www-form-urlencoded",
                "X-Slack-Request-Timestamp": ts,
                "X-Slack-Signature": verifier.generate_signature(timestamp=ts, body=body) or "",
            }
            started = time.perf_counter()
            try:
                response = await client.post(url, content=body.encode(), headers=headers)
                status = str(response.status_code)
                in_ack += bool(response.content.strip())
            except httpx.HTTPError as exc:
                status = type(exc).__name__
            if n >= warm_count:
                latencies.append(time.perf_counter() - started)
                if status != "200":
                    errors[status] = errors.get(status, 0) + 1

        tasks: set[asyncio.Task[None]] = set()
        t0 = time.perf_counter()
        for n in range(total):
            if n == warm_count:
                print("warm", flush=True)
            delay = t0 + n / rate - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            elif n >= warm_count:
                lag = max(lag, -delay)
            task = asyncio.create_task(send(n))
            tasks.add(task)
            task.add_done_callback(tasks.discard)
        sent_seconds = time.perf_counter() - t0
        if tasks:
            await asyncio.wait(tasks, timeout=REQUEST_TIMEOUT + 5)
        unfinished = sum(1 for t in tasks if not t.done())
    if unfinished:
        errors["unfinished"] = unfinished
    return {
        "latencies": latencies,
        "errors": errors,
        "sent": total - warm_count,
        "warm_count": warm_count,
        "in_ack": in_ack,
        "max_send_lag": lag,
        "achieved_rate": total / sent_seconds if sent_seconds else 0.0,
    }


def client_main(args: argparse.Namespace) -> int:
    result = asyncio.run(
        _drive(args.client, args.response_base, args.rate, args.seconds, args.warmup)
    )
    print(json.dumps(result), flush=True)
    return 0


# --- parent: servers, measurement, report --------------------------------------------------
def _wait_healthy(base: str, proc: subprocess.Popen[bytes], log: Path, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited: {log.read_text()[-2000:]}")
        try:
            with urllib.request.urlopen(f"{base}/healthz", timeout=5) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"server not healthy within {timeout:.0f}s")


def _stop(proc: subprocess.Popen[Any]) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--rate", type=float, default=100.0, help="requests per second")
    parser.add_argument("--seconds", type=float, default=60.0, help="measured duration")
    parser.add_argument("--warmup", type=float, default=10.0, help="unmeasured seconds first")
    parser.add_argument("--client", help=argparse.SUPPRESS)  # client mode: the events URL
    parser.add_argument("--response-base", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.client:
        return client_main(args)

    work = Path(tempfile.mkdtemp(prefix="deadline-bot-load-"))
    calls = work / "fakeslack-calls.jsonl"
    fake_port = _free_port()
    fake = subprocess.Popen(
        [sys.executable, "-m", "tests.support.fakeslack", str(fake_port), str(calls)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    server_log = work / "server.log"
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("SLACK_")}
    env.update(
        SLACK_BOT_TOKEN=TOKEN,
        SLACK_SIGNING_SECRET=SECRET,
        SLACK_API_BASE_URL=f"http://127.0.0.1:{fake_port}/api/",
        DATABASE_URL=f"sqlite:///{work / 'bot.sqlite3'}",
        HOST="127.0.0.1",
        PORT=str(port),
        LOG_LEVEL="WARNING",
    )
    with server_log.open("wb") as log_fh:
        server = subprocess.Popen(
            [sys.executable, "-m", "bot.cli", "serve"],
            cwd=work,
            env=env,
            stdout=log_fh,
            stderr=subprocess.STDOUT,
        )
    client: subprocess.Popen[str] | None = None
    try:
        assert fake.stdout is not None
        fake.stdout.readline()  # the fake prints its port once listening
        base = f"http://127.0.0.1:{port}"
        _wait_healthy(base, server, server_log, timeout=90)

        client = subprocess.Popen(
            [
                sys.executable,
                str(Path(__file__).resolve()),
                "--client",
                f"{base}/slack/events",
                "--response-base",
                f"http://127.0.0.1:{fake_port}/response_url",
                "--rate",
                str(args.rate),
                "--seconds",
                str(args.seconds),
                "--warmup",
                str(args.warmup),
            ],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
        )
        # Hard bound on the client, whatever happens to the server.
        limit = args.warmup + args.seconds + REQUEST_TIMEOUT + 60
        watchdog = threading.Timer(limit, client.kill)
        watchdog.start()
        try:
            assert client.stdout is not None
            if client.stdout.readline().strip() != "warm":
                raise RuntimeError("client failed during warm-up")
            rss_warm = _vm_rss_kib(server.pid)
            cpu_warm = _cpu_seconds(server.pid)
            output = client.stdout.readline()
            rss_end = _vm_rss_kib(server.pid)
            cpu_end = _cpu_seconds(server.pid)
            client.wait(timeout=30)
        finally:
            watchdog.cancel()
        if not output:
            raise RuntimeError("client gave no result (killed by the watchdog?)")
        result = json.loads(output)

        # Answers not carried by their acknowledgement must reach the response_urls.
        expected = result["warm_count"] + result["sent"] - result["in_ack"]
        drain_started = time.monotonic()
        try:
            _wait_for_answers(calls, expected, timeout=120)
        except RuntimeError as exc:
            print(f"warning: {exc}")
        drain = time.monotonic() - drain_started
        answered = _count_lines(calls)
        rss_drained = _vm_rss_kib(server.pid)

        latencies = result["latencies"]
        errors = sum(result["errors"].values())
        p50 = percentile(latencies, 50) * 1000
        p99 = percentile(latencies, 99) * 1000
        growth = (rss_end - rss_warm) / rss_warm * 100
        print(
            f"load: {result['sent']} requests in {args.seconds:.0f} s at {args.rate:.0f}/s "
            f"(client held {result['achieved_rate']:.1f}/s, worst send lag "
            f"{result['max_send_lag'] * 1000:.1f} ms) after {args.warmup:.0f} s warm-up; "
            f"{os.cpu_count()} CPUs shared by client, server and fake Slack"
        )
        print(f"ack latency p50 / p99 : {p50:6.1f} ms / {p99:6.1f} ms  (target p99 <= 300 ms)")
        print(f"max ack latency       : {max(latencies) * 1000:6.1f} ms")
        print(f"errors                : {errors} {result['errors'] or ''}  (target 0)")
        print(
            f"server RSS            : {rss_warm / 1024:.1f} MiB after warm-up -> "
            f"{rss_end / 1024:.1f} MiB at the end ({growth:+.1f} %, target <= +10 %); "
            f"{rss_drained / 1024:.1f} MiB once answers drained"
        )
        print(
            f"answers delivered     : {result['in_ack']} in the acknowledgement, "
            f"{answered}/{expected} late to the response_urls ({drain:.1f} s after the last "
            f"request)"
        )
        print(
            f"server CPU            : {(cpu_end - cpu_warm) / args.seconds * 100:.0f} % of one "
            f"core during the measured period"
        )
        met = {
            "0 errors": errors == 0,
            "p99 <= 300 ms": p99 <= TARGET_P99_MS,
            f"rate {args.rate:.0f}/s held": result["achieved_rate"] >= args.rate * 0.98,
            "RSS growth <= 10 %": growth <= TARGET_RSS_GROWTH,
        }
        print(
            "targets               : "
            + ", ".join(f"{k}: {'met' if v else 'MISSED'}" for k, v in met.items())
        )
        return 0 if all(met.values()) else 1
    finally:
        if client is not None:
            _stop(client)
        _stop(server)
        _stop(fake)


if __name__ == "__main__":
    raise SystemExit(main())
