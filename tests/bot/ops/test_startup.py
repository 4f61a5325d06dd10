"""`deadline-bot serve` refuses to start half-working: one line on stderr, exit 2, no secrets.

Each refusal runs the real CLI (`python -m bot.cli serve`) as a subprocess with a clean
environment holding only what the case sets; the checks themselves are also unit-tested through
`bot.ops.startup` where that is quicker.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bot.ops.settings import Settings
from bot.ops.startup import (
    StartupError,
    check_calendars,
    check_corpus,
    check_database,
    check_log_level,
    check_tokens,
    preflight,
)
from tests.support import REPO_ROOT

ROOT = REPO_ROOT
PREFIX = "deadline-bot: cannot start:"
# Distinctive secret values: none may ever appear in what the refusal prints.
BOT_TOKEN = "xoxb-SECRET-bot-4711"
SIGNING_SECRET = "SECRET-signing-0815"
APP_TOKEN = "xapp-SECRET-app-2342"
DB_PASSWORD = "SECRET-dbpass-1234"
SECRETS = (BOT_TOKEN, SIGNING_SECRET, APP_TOKEN, DB_PASSWORD)
HTTP_TOKENS = {"SLACK_BOT_TOKEN": BOT_TOKEN, "SLACK_SIGNING_SECRET": SIGNING_SECRET}
BAD_CALENDAR = """\
id = "md-2099"
jurisdiction = "md"
election = "gubernatorial"
year = 2099
title = "A calendar whose date has no source"
source = "nobody"

[dates.primary]
value = 2099-06-30
label = "Primary"
"""


def serve(env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """`python -m bot.cli serve` with only PATH and `env` set (no SLACK_*, no DATABASE_URL…)."""
    clean = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(cwd), **env}
    return subprocess.run(
        [sys.executable, "-m", "bot.cli", "serve"],
        cwd=cwd,
        env=clean,
        capture_output=True,
        text=True,
        timeout=60,
    )


def assert_refused(proc: subprocess.CompletedProcess[str], *names: str) -> str:
    """Exit 2, exactly one stderr line starting with PREFIX naming `names`, no secret printed."""
    assert proc.returncode == 2, (proc.returncode, proc.stderr)
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    [line] = lines
    assert line.startswith(PREFIX), line
    for name in names:
        assert name in line, (name, line)
    for secret in SECRETS:
        assert secret not in proc.stderr + proc.stdout, line
    assert "Traceback" not in proc.stderr
    return line


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'ok.sqlite3'}"


# --- the real CLI, one case per refusal -----------------------------------------------------
@pytest.mark.parametrize(
    ("env", "names"),
    [
        pytest.param(
            {"SLACK_SIGNING_SECRET": SIGNING_SECRET},
            ("HTTP mode", "SLACK_BOT_TOKEN"),
            id="http-mode-without-bot-token",
        ),
        pytest.param(
            {"SLACK_BOT_TOKEN": BOT_TOKEN},
            ("HTTP mode", "SLACK_SIGNING_SECRET"),
            id="http-mode-without-signing-secret",
        ),
        pytest.param(
            {"SLACK_APP_TOKEN": APP_TOKEN, "SLACK_SIGNING_SECRET": SIGNING_SECRET},
            ("Socket Mode", "SLACK_BOT_TOKEN"),
            id="socket-mode-without-bot-token",
        ),
        pytest.param(
            {**HTTP_TOKENS, "PORT": "abc"},
            ("PORT", "integer"),
            id="port-not-a-number",
        ),
        pytest.param(
            {**HTTP_TOKENS, "LOG_LEVEL": "verbose"},
            ("LOG_LEVEL", "VERBOSE"),
            id="unknown-log-level",
        ),
    ],
)
def test_refuses_bad_configuration(
    env: dict[str, str], names: tuple[str, ...], tmp_path: Path
) -> None:
    line = assert_refused(serve(env, tmp_path), *names)
    if "SLACK_BOT_TOKEN" in names:
        assert "SLACK_SIGNING_SECRET" not in line  # names only what is missing


def test_refuses_a_corpus_folder_that_does_not_exist(tmp_path: Path, sqlite_url: str) -> None:
    env = {**HTTP_TOKENS, "DATABASE_URL": sqlite_url, "DEADLINE_BOT_CORPUS": "/nonexistent"}
    assert_refused(serve(env, tmp_path), "statute corpus unreadable", "/nonexistent")


def test_refuses_a_corpus_with_a_broken_xml_file(tmp_path: Path, sqlite_url: str) -> None:
    corpus = tmp_path / "corpus"
    shutil.copytree(ROOT / "statutes" / "xml", corpus)
    broken = sorted((corpus / "md").glob("*.xml"))[0]
    broken.write_text("<law><section>cut off mid-file", encoding="utf-8")
    env = {**HTTP_TOKENS, "DATABASE_URL": sqlite_url, "DEADLINE_BOT_CORPUS": str(corpus)}
    assert_refused(serve(env, tmp_path), "statute corpus unreadable", broken.name)


@pytest.mark.parametrize(
    ("content", "names"),
    [
        pytest.param("id = [", ("invalid TOML",), id="not-toml"),
        pytest.param(BAD_CALENDAR, ("source",), id="date-without-source"),
    ],
)
def test_refuses_a_calendar_that_fails_validation(
    content: str, names: tuple[str, ...], tmp_path: Path, sqlite_url: str
) -> None:
    calendars = tmp_path / "calendars"
    shutil.copytree(ROOT / "rules" / "calendars", calendars)
    (calendars / "md-2099.toml").write_text(content, encoding="utf-8")
    env = {**HTTP_TOKENS, "DATABASE_URL": sqlite_url, "DEADLINE_BOT_CALENDARS": str(calendars)}
    assert_refused(serve(env, tmp_path), "calendar invalid", "md-2099.toml", *names)


@pytest.mark.parametrize(
    ("url", "names"),
    [
        pytest.param(
            f"postgresql+psycopg://nobody:{DB_PASSWORD}@127.0.0.1:1/x",
            ("database unreachable", "127.0.0.1:1", "nobody:***@"),
            id="postgres-nothing-listening",
        ),
        pytest.param(
            "sqlite:////nonexistent/folder/bot.sqlite3",
            ("database unreachable", "/nonexistent/folder/bot.sqlite3"),
            id="sqlite-in-a-missing-folder",
        ),
        pytest.param(
            f"not a url {DB_PASSWORD}",
            ("DATABASE_URL unusable", "not a URL"),
            id="unparsable-url",
        ),
    ],
)
def test_refuses_an_unreachable_database(url: str, names: tuple[str, ...], tmp_path: Path) -> None:
    assert_refused(serve({**HTTP_TOKENS, "DATABASE_URL": url}, tmp_path), *names)


# --- bot.ops.startup directly (quick) -----------------------------------------------------------
def settings(**values: object) -> Settings:
    """Settings from arguments only (the test process's environment is not read for these)."""
    base: dict[str, object] = {
        "slack_bot_token": BOT_TOKEN,
        "slack_signing_secret": SIGNING_SECRET,
        "slack_app_token": None,
    }
    return Settings(**{**base, **values})


def test_valid_configuration_passes_every_check(sqlite_url: str) -> None:
    preflight(settings(database_url=sqlite_url))  # the refusals below are about their one fault


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"slack_bot_token": ""}, "HTTP mode needs SLACK_BOT_TOKEN;"),
        ({"slack_signing_secret": ""}, "HTTP mode needs SLACK_SIGNING_SECRET;"),
        (
            {"slack_bot_token": "", "slack_signing_secret": ""},
            "HTTP mode needs SLACK_BOT_TOKEN and SLACK_SIGNING_SECRET;",
        ),
        (
            {"slack_bot_token": "", "slack_app_token": APP_TOKEN},
            "Socket Mode needs SLACK_BOT_TOKEN;",
        ),
    ],
)
def test_check_tokens_names_what_is_missing(values: dict[str, object], message: str) -> None:
    with pytest.raises(StartupError) as caught:
        check_tokens(settings(**values))
    assert str(caught.value).startswith(message)


def test_socket_mode_does_not_need_a_signing_secret() -> None:
    check_tokens(settings(slack_app_token=APP_TOKEN, slack_signing_secret=""))


def test_check_corpus_and_calendars_accept_the_shipped_data() -> None:
    check_corpus(settings())
    check_calendars(settings())


def test_check_database_hides_the_password() -> None:
    url = f"postgresql+psycopg://nobody:{DB_PASSWORD}@127.0.0.1:1/x"
    with pytest.raises(StartupError) as caught:
        check_database(settings(database_url=url))
    assert DB_PASSWORD not in str(caught.value) and "nobody:***@127.0.0.1:1/x" in str(caught.value)


def test_check_database_names_a_missing_driver() -> None:
    with pytest.raises(StartupError, match=r"driver not installed \(MySQLdb\)"):
        check_database(settings(database_url=f"mysql://u:{DB_PASSWORD}@127.0.0.1/x"))


@pytest.mark.parametrize("level", ["debug", "INFO", "Warning", "ERROR"])
def test_check_log_level_accepts_standard_levels(level: str) -> None:
    check_log_level(settings(log_level=level))


def test_rejected_bot_token_is_refused(tmp_path: Path) -> None:
    from tests.support.fakeslack import FakeSlack

    with FakeSlack() as fake:
        fake.auth_error = "invalid_auth"
        proc = serve(
            {
                **HTTP_TOKENS,
                "SLACK_API_BASE_URL": fake.base_url,
                "DATABASE_URL": f"sqlite:///{tmp_path / 'bot.sqlite3'}",
            },
            tmp_path,
        )
    assert_refused(proc, "Slack rejected SLACK_BOT_TOKEN", "invalid_auth")


def test_port_already_in_use_is_refused_not_a_clean_exit(tmp_path: Path) -> None:
    import socket

    from tests.support.fakeslack import FakeSlack

    with socket.socket() as taken, FakeSlack() as fake:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        proc = serve(
            {
                **HTTP_TOKENS,
                "SLACK_API_BASE_URL": fake.base_url,
                "DATABASE_URL": f"sqlite:///{tmp_path / 'bot.sqlite3'}",
                "HOST": "127.0.0.1",
                "PORT": str(taken.getsockname()[1]),
            },
            tmp_path,
        )
    assert proc.returncode == 2, proc.stderr
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith(PREFIX) and "could not listen" in last
    assert "Traceback" not in proc.stderr
