"""Hostile traffic against the real HTTP-mode server: status codes, 500s, log bytes, RSS (issue 9).

Starts `deadline-bot serve` (HTTP mode, SQLite) as its own process on 127.0.0.1, with the fake Slack
Web API (tests/support/fakeslack.py) in this process and the server's log going to a file. After a
warm-up, several client threads, each on its own keep-alive connection, send a bounded mix:
- unsigned junk of every kind the reliability review found: no / tampered / wrong-secret
  signature, stale and non-numeric timestamps, invalid UTF-8, bad JSON, malformed `payload=`
  (expected: 401);
- signed but malformed payloads: event null, empty actions, a `payload=` that is not an object,
  a malformed `complete|x` button, an out-of-range unsubscribe id (expected: 400 or 200);
- oversized bodies of 1–10 MB, half with Content-Length and half chunked (expected: 413);
- normal signed slash commands in between (expected: 200 with the answer) — the "innocent"
  requests, which must not suffer from what came before them on the same connection.

Prints counts by kind and status, the number of 500s and of connection errors, innocent requests
that failed, the bytes the server logged during the mix (and its longest line), and the server's
RSS before and after. Targets: 0 × 500, 0 innocent failures, RSS growth ≤ 10 %. Exits 1 when a
target is missed. Loopback only; every loop is bounded.

    .venv/bin/python benchmarks/hostile_http.py [--requests 600] [--oversized 30] [--clients 8]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402
from slack_sdk.signature import SignatureVerifier  # noqa: E402

from tests.support.fakeslack import FakeSlack  # noqa: E402

SECRET = "bench-signing-secret"
TOKEN = "xoxb-bench"
MB = 1 << 20
Request = tuple[str, bytes | Iterator[bytes], dict[str, str]]  # (kind, body, headers)
SIGNER = SignatureVerifier(SECRET)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _rss_kib(pid: int) -> int:
    """Resident set size of a process in KiB (Linux /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def _signed(body: str, *, secret: str = SECRET, ts: int | None = None) -> dict[str, str]:
    stamp = str(int(time.time()) if ts is None else ts)
    signer = SIGNER if secret == SECRET else SignatureVerifier(secret)
    signature = signer.generate_signature(timestamp=stamp, body=body) or ""
    return {"X-Slack-Request-Timestamp": stamp, "X-Slack-Signature": signature}


def _json(headers: dict[str, str]) -> dict[str, str]:
    return {"Content-Type": "application/json", **headers}


def _form(headers: dict[str, str]) -> dict[str, str]:
    return {"Content-Type": "application/x-www-form-urlencoded", **headers}


def innocent(n: int, response_url: str) -> Request:
    form = urlencode(
        {
            "team_id": "T1",
            "channel_id": "C1",
            "user_id": f"U{n % 20}",
            "command": "/deadline",
            "text": "help",
            "trigger_id": f"bench.{n}",
            "response_url": response_url,
        }
    )
    return "innocent", form.encode(), _form(_signed(form))


EVENT = json.dumps({"type": "event_callback", "event": {"type": "message", "text": "junk"}})


def _actions(actions: object) -> str:
    return urlencode(
        {
            "payload": json.dumps(
                {
                    "type": "block_actions",
                    "user": {"id": "U1"},
                    "response_url": "RESPONSE_URL",
                    "actions": actions,
                }
            )
        }
    )


def unsigned() -> list[Callable[[], Request]]:
    other = lambda: _signed('{"type": "event_callback"}')  # noqa: E731 - a signature of another body
    ts = lambda value: {"X-Slack-Request-Timestamp": value, "X-Slack-Signature": "v0=00"}  # noqa: E731
    return [
        lambda: ("unsigned", EVENT.encode(), _json({})),
        lambda: ("unsigned", EVENT.encode(), _json(other())),
        lambda: ("unsigned", EVENT.encode(), _json(_signed(EVENT, secret="someone-else"))),
        lambda: ("unsigned", EVENT.encode(), _json(_signed(EVENT, ts=int(time.time()) - 400))),
        lambda: ("unsigned", EVENT.encode(), _json(ts("abc"))),
        lambda: ("unsigned", EVENT.encode(), _json(ts("1e9"))),
        lambda: ("unsigned", EVENT.encode(), _json(ts("9" * 3000))),
        lambda: ("unsigned", b"\xff\xfe{\xc3(", _json(other())),
        lambda: ("unsigned", b"{not json", _json(other())),
        lambda: ("unsigned", b"payload=%7Bnot+json", _form(other())),
        lambda: ("unsigned", b"payload=%5B1%5D", _form(other())),
    ]


def signed_malformed(response_url: str) -> list[Callable[[], Request]]:
    def signed(body: str, form: bool) -> Request:
        body = body.replace("RESPONSE_URL", response_url)
        return "signed-malformed", body.encode(), (_form if form else _json)(_signed(body))

    event_null = json.dumps({"type": "event_callback", "event_id": "E1", "event": None})
    return [
        lambda: signed("{not json", False),
        lambda: signed(event_null, False),
        lambda: signed("payload=%5B1%5D", True),
        lambda: signed(_actions([]), True),
        lambda: signed(_actions([{"action_id": "complete|x", "type": "button"}]), True),
        lambda: signed(_actions([{"action_id": "pick_rule_0", "type": "button"}]), True),
        lambda: signed(
            _actions(
                [
                    {
                        "action_id": "reminder_unsubscribe",
                        "type": "button",
                        "value": "99999999999999999999999",
                    }
                ]
            ),
            True,
        ),
    ]


def oversized(size: int, chunked: bool) -> Request:
    """A 1–10 MB body of junk, unsigned; chunked ones carry no Content-Length."""
    if not chunked:
        return "oversized", b"x" * size, _json({})

    def chunks() -> Iterator[bytes]:
        block = b"y" * 65536
        for _ in range(size // len(block)):
            yield block

    return "oversized-chunked", chunks(), _json({})


def _client_loop(base: str, work: list[Request], results: list[tuple[str, str]]) -> None:
    """Send `work` in order on one keep-alive connection (httpx reconnects only if the server
    closed it); record (kind, status or error name)."""
    with httpx.Client(base_url=base, timeout=60) as client:
        for kind, body, headers in work:
            try:
                sent = client.post("/slack/events", content=body, headers=headers)
                outcome = str(sent.status_code)
                if kind == "innocent" and (sent.status_code != 200 or "/cite" not in sent.text):
                    outcome = f"{outcome}-without-answer"
            except httpx.HTTPError as exc:
                outcome = type(exc).__name__
            results.append((kind, outcome))


def _wait_healthy(base: str, proc: subprocess.Popen[bytes], log_path: Path) -> None:
    deadline = time.time() + 90
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited: {log_path.read_text()[-2000:]}")
        try:
            if httpx.get(f"{base}/healthz", timeout=5).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    raise RuntimeError("server never became healthy")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=600, help="small requests in the mix")
    parser.add_argument("--oversized", type=int, default=30, help="1-10 MB requests")
    parser.add_argument("--clients", type=int, default=8, help="client threads/connections")
    parser.add_argument("--seed", type=int, default=9)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    with tempfile.TemporaryDirectory() as tmp, FakeSlack() as fake:
        port = _free_port()
        base = f"http://127.0.0.1:{port}"
        log_path = Path(tmp) / "server.log"
        env = {k: v for k, v in os.environ.items() if not k.startswith("SLACK_")}
        env.update(
            SLACK_BOT_TOKEN=TOKEN,
            SLACK_SIGNING_SECRET=SECRET,
            SLACK_API_BASE_URL=fake.base_url,
            DATABASE_URL=f"sqlite:///{Path(tmp) / 'bench.sqlite3'}",
            HOST="127.0.0.1",
            PORT=str(port),
            LOG_LEVEL="INFO",
        )
        with log_path.open("wb") as log_file:
            proc = subprocess.Popen(
                [sys.executable, "-m", "bot.cli", "serve"],
                cwd=ROOT,
                env=env,
                stdout=log_file,
                stderr=subprocess.STDOUT,
            )
        try:
            _wait_healthy(base, proc, log_path)
            response_url = fake.response_url("bench")
            junk = unsigned()
            malformed = signed_malformed(response_url)

            # Warm-up: every kind once (imports, caches, the worker pools) plus real answers.
            warm: list[tuple[str, str]] = []
            _client_loop(
                base,
                [innocent(i, response_url) for i in range(40)]
                + [make() for make in junk + malformed]
                + [oversized(MB + 1, False), oversized(2 * MB, True)],
                warm,
            )
            time.sleep(1.0)
            rss_before = _rss_kib(proc.pid)
            log_before = log_path.stat().st_size

            # The mix: small junk and innocent requests interleaved, oversized ones spread in.
            small: list[Request] = []
            for n in range(args.requests):
                roll = rng.random()
                if roll < 0.5:
                    small.append(rng.choice(junk)())
                elif roll < 0.7:
                    small.append(rng.choice(malformed)())
                else:
                    small.append(innocent(1000 + n, response_url))
            big = [
                oversized(rng.randint(MB + 1, 10 * MB), chunked=bool(i % 2))
                for i in range(args.oversized)
            ]
            per_client: list[list[Request]] = [[] for _ in range(args.clients)]
            for i, request in enumerate(small):
                per_client[i % args.clients].append(request)
            for i, request in enumerate(big):
                slot = per_client[i % args.clients]
                slot.insert(rng.randint(0, len(slot)), request)
            results: list[tuple[str, str]] = []
            started = time.perf_counter()
            threads = [
                threading.Thread(target=_client_loop, args=(base, work, results))
                for work in per_client
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(600)
            elapsed = time.perf_counter() - started
            time.sleep(2.0)  # answers still on the worker pool, then a quiet server
            rss_after = _rss_kib(proc.pid)
            log_after = log_path.stat().st_size
        finally:
            proc.terminate()
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
        log_text = log_path.read_text(encoding="utf-8", errors="replace")
        mix_log = log_text.encode()[log_before:log_after].decode("utf-8", "replace")

    by_kind: dict[str, Counter[str]] = {}
    for kind, outcome in results:
        by_kind.setdefault(kind, Counter())[outcome] += 1
    statuses = Counter(outcome for _, outcome in results)
    errors_500 = sum(n for outcome, n in statuses.items() if outcome.startswith("5"))
    connection_errors = sum(n for outcome, n in statuses.items() if not outcome[:1].isdigit())
    innocent_failed = sum(n for o, n in by_kind.get("innocent", Counter()).items() if o != "200")
    growth = (rss_after - rss_before) / rss_before * 100
    longest = max((len(line) for line in mix_log.splitlines()), default=0)

    print(f"requests sent: {len(results)} in {elapsed:.1f} s over {args.clients} connections")
    for kind in sorted(by_kind):
        counts = ", ".join(f"{o}×{n}" for o, n in sorted(by_kind[kind].items()))
        print(f"  {kind:18} {counts}")
    print(f"by status: {dict(sorted(statuses.items()))}")
    print(f"HTTP 500s: {errors_500}   connection errors: {connection_errors}")
    print(f"innocent requests failed: {innocent_failed} of {sum(by_kind['innocent'].values())}")
    print(
        f"log written during the mix: {log_after - log_before:,} bytes, "
        f"{len(mix_log.splitlines())} lines, longest {longest} chars; "
        f"tracebacks in the whole log: {log_text.count('Traceback')}"
    )
    print(
        f"server RSS: {rss_before / 1024:.1f} MiB before, {rss_after / 1024:.1f} MiB after "
        f"({growth:+.1f} %)"
    )
    targets = {
        "0 × 500": errors_500 == 0,
        "0 innocent failures": innocent_failed == 0,
        "RSS growth ≤ 10 %": growth <= 10,
        "no traceback logged": "Traceback" not in log_text,
    }
    for name, ok in targets.items():
        print(f"  {'PASS' if ok else 'FAIL'}  {name}")
    return 0 if all(targets.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
