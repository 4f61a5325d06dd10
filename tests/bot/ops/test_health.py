"""`/healthz` when something is wrong (the all-well states are in tests/bot/slack/test_http.py and
tests/bot/slack/test_serve.py; Socket Mode connected in tests/bot/slack/test_socket_mode.py).

Each test serves `bot.slack.server.create_http_app` with real uvicorn on 127.0.0.1 and reads
`/healthz` over HTTP: a database that cannot be reached (from the start, and going away after
start then coming back), a rule refused because its pinned statute text changed, the statute
corpus not loadable, and Socket Mode not (or no longer) connected.
"""

from __future__ import annotations

import os
import shutil
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from slack_sdk import WebClient
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from bot.ops.db import make_engine
from bot.ops.health import Health
from bot.ops.settings import Settings
from bot.slack.app import SlackSurfaces, build_surfaces
from bot.slack.server import MeteredSocketModeHandler, create_http_app
from tests.bot.slack.test_socket_mode import FakeGateway
from tests.support import REPO_ROOT
from tests.support.fakeslack import FakeSlack
from tests.support.service import packaged_service
from tests.support.slack import BOT_TOKEN, SIGNING_SECRET, UvicornThread, clear_slack_env

ROOT = REPO_ROOT
# § 5-703(c)(3)(ii) as shipped ("by July 1") and as amended (the later Maryland text).
SHIPPED_C3II = "in a year in which the President is elected, by July 1; and"
AMENDED_C3II = "in a year in which the President is elected, by the first Monday in July; and"


def healthz(health: Health) -> tuple[int, dict[str, Any]]:
    """GET /healthz from a real uvicorn server serving `health` (as in Socket Mode: no Bolt)."""
    server = UvicornThread(create_http_app(None, health)).start()
    try:
        response = httpx.get(f"{server.url}/healthz", timeout=30)
        return response.status_code, response.json()
    finally:
        server.stop()


class Served:
    """A long-running health server, for states that change while it runs."""

    def __init__(self, health: Health) -> None:
        self.server = UvicornThread(create_http_app(None, health)).start()

    def get(self) -> tuple[int, dict[str, Any]]:
        response = httpx.get(f"{self.server.url}/healthz", timeout=30)
        return response.status_code, response.json()

    def stop(self) -> None:
        self.server.stop()


# --- database --------------------------------------------------------------------------------
def test_database_unreachable_is_503_with_reachable_false(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'no-such-folder' / 'bot.sqlite3'}")
    try:
        status, report = healthz(Health(engine))
    finally:
        engine.dispose()
    assert status == 503 and report["ok"] is False
    assert report["database"] == {
        "configured": True,
        "reachable": False,
        "error": "OperationalError",
    }
    assert report["corpus"]["loaded"] is True  # only the database is down


@pytest.fixture
def own_pg_database() -> Iterator[tuple[str, Any]]:
    """A throwaway PostgreSQL database (dropped after) and an admin engine on its server."""
    from tests.support.db import require_postgres_url  # skips, or fails under CI=true

    base = make_url(require_postgres_url())
    name = f"{base.database or 'deadline_bot_test'}_health_{uuid.uuid4().hex[:8]}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield base.set(database=name).render_as_string(hide_password=False), admin
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def test_database_going_away_after_start_turns_503_and_recovers(
    own_pg_database: tuple[str, Any],
) -> None:
    url, admin = own_pg_database
    name = make_url(url).database
    engine = make_engine(url, connect_args={"connect_timeout": 5})
    served = Served(Health(engine))
    try:
        assert served.get()[0] == 200
        # The database stops taking connections and drops the ones it has (as in a failover).
        with admin.connect() as conn:
            conn.execute(text(f'ALTER DATABASE "{name}" WITH ALLOW_CONNECTIONS false'))
            conn.execute(
                text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = :n"),
                {"n": name},
            )
        status, report = served.get()
        assert status == 503 and report["ok"] is False
        assert report["database"]["reachable"] is False
        with admin.connect() as conn:
            conn.execute(text(f'ALTER DATABASE "{name}" WITH ALLOW_CONNECTIONS true'))
        status, report = served.get()
        assert status == 200 and report["database"] == {"configured": True, "reachable": True}
    finally:
        served.stop()
        engine.dispose()


# --- statute corpus and rules ----------------------------------------------------------------
@pytest.fixture
def corpus_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the shipped corpus, made the default corpus (DEADLINE_BOT_CORPUS)."""
    corpus = tmp_path / "corpus"
    shutil.copytree(ROOT / "statutes" / "xml", corpus)
    monkeypatch.setenv("DEADLINE_BOT_CORPUS", str(corpus))
    return corpus


def test_rule_refused_for_amended_5_703_c_3_ii_shows_in_rules_state(corpus_copy: Path) -> None:
    # § 5-703(c)(3)(ii) amended to "by the first Monday in July": the declaration-of-intent rule
    # pinned the "by July 1" text, so it refuses until reviewed; the others still answer.
    xml = corpus_copy / "md" / "gel-5-703.xml"
    shipped = xml.read_text(encoding="utf-8")
    assert shipped.count(SHIPPED_C3II) == 1
    xml.write_text(shipped.replace(SHIPPED_C3II, AMENDED_C3II), encoding="utf-8")

    status, report = healthz(Health())
    assert report["corpus"]["loaded"] is True
    assert report["rules"]["state"] == "refused"
    assert report["rules"]["refused"] == ["md-petition-declaration"]
    assert report["rules"]["rules"] > 1
    # A refused rule answers "refused" honestly; the bot itself is still healthy.
    assert status == 200 and report["ok"] is True


def test_shipped_corpus_has_no_refused_rule(corpus_copy: Path) -> None:
    status, report = healthz(Health())
    assert status == 200
    assert report["rules"]["state"] == "ok" and report["rules"]["refused"] == []


def test_corpus_that_cannot_load_is_503_and_rules_unavailable(corpus_copy: Path) -> None:
    (corpus_copy / "md" / "gel-5-903.xml").write_text("<law><text>cut off", encoding="utf-8")
    status, report = healthz(Health())
    assert status == 503 and report["ok"] is False
    assert report["corpus"] == {"loaded": False, "error": "CorpusLoadError"}
    assert report["rules"] == {"state": "unavailable"}


# --- Socket Mode -----------------------------------------------------------------------------
@pytest.fixture
def socket_surfaces() -> Iterator[tuple[FakeSlack, SlackSurfaces]]:
    saved = clear_slack_env()
    fake = FakeSlack().start()
    settings = Settings(
        slack_bot_token=BOT_TOKEN,
        slack_signing_secret=SIGNING_SECRET,
        slack_app_token="xapp-test",
        slack_api_base_url=fake.base_url,
    )
    client = WebClient(token=BOT_TOKEN, base_url=fake.base_url)
    surfaces = build_surfaces(settings, packaged_service(), client)
    try:
        yield fake, surfaces
    finally:
        surfaces.close()
        fake.stop()
        os.environ.update(saved)


def test_socket_mode_never_connected_is_503(
    socket_surfaces: tuple[FakeSlack, SlackSurfaces],
) -> None:
    fake, surfaces = socket_surfaces
    handler = MeteredSocketModeHandler(
        surfaces.app, "xapp-test", web_client=WebClient(base_url=fake.base_url)
    )
    try:
        status, report = healthz(Health(socket=handler))
    finally:
        handler.close()
    assert status == 503 and report["ok"] is False
    assert report["socket_mode"] == {"enabled": True, "connected": False}


def test_socket_mode_connection_lost_is_503(
    socket_surfaces: tuple[FakeSlack, SlackSurfaces],
) -> None:
    fake, surfaces = socket_surfaces
    gateway = FakeGateway().start()
    fake.socket_url = gateway.url
    handler = MeteredSocketModeHandler(
        surfaces.app, "xapp-test", web_client=WebClient(base_url=fake.base_url)
    )
    handler.connect()
    served = Served(Health(socket=handler))
    try:
        assert gateway.connected.wait(10)
        assert _eventually(lambda: served.get()[0] == 200), served.get()
        gateway.stop()  # Slack's end goes away (and stays away: reconnects are refused)
        fake.socket_url = "ws://127.0.0.1:1/gone"
        assert _eventually(lambda: served.get()[0] == 503), served.get()
        assert served.get()[1]["socket_mode"] == {"enabled": True, "connected": False}
    finally:
        served.stop()
        handler.close()


def _eventually(condition: Any, timeout: float = 20.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return False
