"""The real `deadline-bot` entry point under hostile configuration (issue 9).

Missing or invalid `--corpus`/`--calendars` (or the environment variables behind them), refused
statute XML, bad calendar files and an unusable `DATABASE_URL` each give exactly one line on
stderr and a non-zero exit — never a traceback. Reading commands on a database that does not
exist say so and create nothing. Each case runs the installed console script in a subprocess.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import bot.cli
from bot.cli import EXIT_ERROR, EXIT_INTERNAL, EXIT_USAGE, main
from tests.support import REPO_ROOT

ROOT = REPO_ROOT
SCRIPT = Path(sys.executable).with_name("deadline-bot")
XML = ROOT / "statutes" / "xml"
CALENDARS = ROOT / "rules" / "calendars"
BAD_PORT = "postgresql+psycopg://u@h:abc/db"
QUESTION = "LG candidate died May 1 2026, successor deadline?"


def deadline_bot(
    *argv: str, env: dict[str, str] | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    assert SCRIPT.exists(), f"{SCRIPT} missing: install the package (pip install -e .)"
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DEADLINE_BOT_", "SLACK_"))}
    clean.pop("DATABASE_URL", None)
    return subprocess.run(
        [str(SCRIPT), *argv],
        capture_output=True,
        text=True,
        timeout=120,
        env={**clean, **(env or {})},
        cwd=cwd or ROOT,
        check=False,
    )


def one_line_failure(
    proc: subprocess.CompletedProcess[str], *needles: str, code: int = EXIT_ERROR
) -> str:
    """Exit `code`, exactly one line on stderr naming each needle, no traceback."""
    assert "Traceback" not in proc.stderr + proc.stdout, proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert proc.returncode == code, (proc.returncode, proc.stderr)
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


@pytest.fixture
def home(tmp_path: Path) -> dict[str, str]:
    """A private per-user data folder (platformdirs reads XDG_DATA_HOME on Linux)."""
    return {"XDG_DATA_HOME": str(tmp_path / "xdg"), "HOME": str(tmp_path / "home")}


def corpus_with(tmp_path: Path, name: str, content: bytes | None) -> Path:
    """A copy of the shipped statutes plus one extra file (None: a directory named *.xml)."""
    corpus = tmp_path / "corpus"
    shutil.copytree(XML, corpus)
    target = corpus / "md" / name
    if content is None:
        target.mkdir()
    else:
        target.write_bytes(content)
    return corpus


def calendars_with(tmp_path: Path, name: str, content: bytes | None) -> Path:
    folder = tmp_path / "calendars"
    shutil.copytree(CALENDARS, folder)
    target = folder / name
    if content is None:
        target.mkdir()
    else:
        target.write_bytes(content)
    return folder


# --- corpus and calendars --------------------------------------------------------------------
COMMANDS = [
    ("run", "md-successor-lt-gov", "event=death", "event_date=2026-05-01"),
    ("rules", "--check"),
    ("cite", "5-903(b)(2)(ii)"),
    ("ask", QUESTION),
]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_missing_corpus_folder_is_one_line(command: tuple[str, ...]) -> None:
    proc = deadline_bot(*command, "--corpus", "/nonexistent/corpus")
    line = one_line_failure(proc, "/nonexistent/corpus")
    assert line == "/nonexistent/corpus: corpus folder does not exist"  # the loader's words


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_missing_calendars_folder_is_one_line(command: tuple[str, ...]) -> None:
    proc = deadline_bot(*command, "--calendars", "/nonexistent/calendars")
    line = one_line_failure(proc, "/nonexistent/calendars")
    assert line == "/nonexistent/calendars: calendar directory not found"


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_environment_pointing_nowhere_is_one_line(command: tuple[str, ...]) -> None:
    proc = deadline_bot(*command, env={"DEADLINE_BOT_CORPUS": "/nonexistent/c"})
    one_line_failure(proc, "/nonexistent/c", "(from $DEADLINE_BOT_CORPUS)")
    proc = deadline_bot(*command, env={"DEADLINE_BOT_CALENDARS": "/nonexistent/k"})
    one_line_failure(proc, "/nonexistent/k", "(from $DEADLINE_BOT_CALENDARS)")


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"<law><section_number>5-1", "not well-formed"),
        (
            b'<?xml version="1.0"?>\n<!DOCTYPE law [<!ENTITY x "y">]>\n<law>&x;</law>',
            "DTD",
        ),
        (b"", "zz.xml"),
        (bytes(range(256)), "zz.xml"),
        (None, "zz.xml"),  # a directory named like a statute file
    ],
    ids=["truncated", "dtd", "empty", "binary", "directory"],
)
def test_every_refused_xml_file_is_one_line(
    content: bytes | None, reason: str, tmp_path: Path
) -> None:
    corpus = corpus_with(tmp_path, "zz.xml", content)
    for command in (COMMANDS[0], COMMANDS[3]):  # run and ask
        one_line_failure(deadline_bot(*command, "--corpus", str(corpus)), "zz.xml", reason)


@pytest.mark.parametrize(
    ("name", "content", "reason"),
    [
        ("md-2030.toml", b'id = "md-2030" [[[', "invalid TOML"),
        ("md-2026b.toml", (CALENDARS / "md-2026.toml").read_bytes(), "duplicate calendar id"),
        ("x.toml", bytes(range(128, 256)), "not UTF-8"),
        ("x.toml", None, "a directory, not a regular file"),
    ],
    ids=["toml", "duplicate", "binary", "directory"],
)
def test_bad_calendar_files_are_one_line(
    name: str, content: bytes | None, reason: str, tmp_path: Path
) -> None:
    folder = calendars_with(tmp_path, name, content)
    for command in (COMMANDS[0], COMMANDS[3]):  # run and ask
        one_line_failure(deadline_bot(*command, "--calendars", str(folder)), str(folder), reason)


def test_ask_answers_from_the_corpus_it_is_given(tmp_path: Path) -> None:
    # § 5-903(b)(2)(iii) amended by one word ("40 days" → "30 days") in a copy: `ask` refuses,
    # exactly as `run` does, instead of answering from the packaged text.
    corpus = tmp_path / "amended"
    shutil.copytree(XML, corpus)
    law = corpus / "md" / "gel-5-903.xml"
    text = law.read_text(encoding="utf-8")
    assert text.count("not later than 40 days before") == 1
    law.write_text(text.replace("not later than 40 days", "not later than 30 days"), "utf-8")
    args = ("--corpus", str(corpus), "--today", "2026-04-01", "--json")
    proc = deadline_bot("ask", QUESTION, *args)
    assert proc.returncode == 1 and '"status": "refused"' in proc.stdout, proc.stdout
    assert "§ 5-903(b)(2)(iii) has changed" in proc.stdout
    run = deadline_bot("run", "md-successor-lt-gov", "event=death", "event_date=2026-05-01", *args)
    assert '"status": "refused"' in run.stdout
    # ... and the packaged text still answers (§ 5-903(b)(2)(iii): primary − 40 days).
    ok = deadline_bot("ask", QUESTION, "--today", "2026-04-01", "--json")
    assert ok.returncode == 0 and '"deadline": "2026-05-14"' in ok.stdout


def test_ask_with_an_empty_calendars_folder_uses_no_calendar(tmp_path: Path) -> None:
    # An empty calendar set is not replaced by the packaged one: the primary date (§ 5-903
    # (b)(2)) is then needed from the user instead of taken from md-2026.
    empty = tmp_path / "none"
    empty.mkdir()
    proc = deadline_bot("ask", QUESTION, "--calendars", str(empty), "--today", "2026-04-01")
    assert proc.returncode == 1 and "needs_input" in proc.stdout and "primary" in proc.stdout
    assert proc.stderr == ""


# --- the database ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "command",
    [("remind", "C0123ABCD", "calendar", "md-2026"), ("reminders",), ("audit",), ("migrate",)],
    ids=lambda c: c[0],
)
def test_database_url_with_a_non_numeric_port_is_one_line(
    command: tuple[str, ...], home: dict[str, str]
) -> None:
    proc = deadline_bot(*command, env={**home, "DATABASE_URL": BAD_PORT})
    line = one_line_failure(proc, "$DATABASE_URL", "port is not a number")
    assert "u@h" not in line  # the URL (which may hold a password) is never echoed unparsed
    proc = deadline_bot(*command, "--database-url", BAD_PORT, env=home)
    one_line_failure(proc, "--database-url", "port is not a number")


def test_serve_preflight_with_a_non_numeric_port_is_one_line(home: dict[str, str]) -> None:
    env = {
        **home,
        "DATABASE_URL": BAD_PORT,
        "SLACK_BOT_TOKEN": "xoxb-x",
        "SLACK_SIGNING_SECRET": "s",
    }
    one_line_failure(
        deadline_bot("serve", env=env), "cannot start", "DATABASE_URL", code=EXIT_USAGE
    )


def test_unreachable_database_is_one_line(home: dict[str, str], tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'no-such-folder' / 'bot.sqlite3'}"
    proc = deadline_bot("remind", "C0123ABCD", "calendar", "md-2026", "--database-url", url)
    one_line_failure(proc, "database unreachable", "no-such-folder")


def test_reading_commands_create_no_database(home: dict[str, str], tmp_path: Path) -> None:
    data = Path(home["XDG_DATA_HOME"]) / "deadline-bot"
    work = tmp_path / "work"
    work.mkdir()
    for command in (("reminders",), ("audit",)):
        proc = deadline_bot(*command, env=home, cwd=work)
        assert proc.returncode == 0, proc.stderr
        assert "Nothing is stored yet" in proc.stdout
        assert str(data / "deadline-bot.sqlite3") in proc.stdout
    csv = deadline_bot("audit", "--csv", env=home, cwd=work)
    assert csv.returncode == 0 and csv.stdout.startswith("id,at,user,channel")
    assert "Nothing is stored yet" in csv.stderr
    unremind = deadline_bot("unremind", "3", env=home, cwd=work)
    assert unremind.returncode == 1 and "Nothing is stored yet" in unremind.stdout
    ics = deadline_bot("ics", "md-2026", env=home, cwd=work)
    assert ics.returncode == 0 and ics.stdout.startswith("BEGIN:VCALENDAR")
    assert not data.exists() and list(work.iterdir()) == []


def test_one_database_whatever_the_directory(home: dict[str, str], tmp_path: Path) -> None:
    # A reminder set from one directory is listed from another (the per-user data folder).
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    second.mkdir()
    proc = deadline_bot(
        "remind",
        "C0123ABCD",
        "on",
        "2999-08-01",
        "9:00",
        "md-petition-certificate",
        "year=2998",
        env=home,
        cwd=first,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    listed = deadline_bot("reminders", env=home, cwd=second)
    assert "md-petition-certificate year=2998" in listed.stdout
    assert (Path(home["XDG_DATA_HOME"]) / "deadline-bot" / "deadline-bot.sqlite3").exists()
    assert list(first.iterdir()) == [] and list(second.iterdir()) == []


# --- help ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "command", ["cite", "lint", "run", "ask", "rules", "remind", "reminders", "unremind", "ics"]
)
def test_every_flag_has_help(command: str) -> None:
    parser = bot.cli.build_parser()
    sub = next(a for a in parser._subparsers._group_actions)
    for action in sub.choices[command]._actions:
        assert action.help, f"{command} {action.dest} has no help text"


@pytest.mark.parametrize("command", ["remind", "reminders", "unremind", "ics"])
def test_reminder_commands_show_their_grammar_and_an_example(command: str) -> None:
    proc = deadline_bot(command, "--help")
    assert proc.returncode == 0
    assert f"deadline-bot {command} " in proc.stdout
    assert "example" in proc.stdout


def test_help_says_where_the_data_is(home: dict[str, str]) -> None:
    proc = deadline_bot("--help", env=home)
    unwrapped = "".join(proc.stdout.split())  # argparse wraps long paths at their hyphens
    assert str(Path(home["XDG_DATA_HOME"]) / "deadline-bot") in unwrapped


# --- the last resort -------------------------------------------------------------------------
def test_an_unexpected_error_is_one_line_exit_70(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(_args: object) -> int:
        raise RuntimeError("boom")

    monkeypatch.setattr(bot.cli, "cmd_rules", broken)
    monkeypatch.delenv("DEADLINE_BOT_DEBUG", raising=False)
    assert main(["rules"]) == EXIT_INTERNAL
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "internal error: RuntimeError: boom; please report" in err
    assert main(["rules", "--debug"]) == EXIT_INTERNAL
    err = capsys.readouterr().err
    assert "Traceback" in err and 'raise RuntimeError("boom")' in err
    monkeypatch.setenv("DEADLINE_BOT_DEBUG", "1")
    assert main(["rules"]) == EXIT_INTERNAL
    assert "Traceback" in capsys.readouterr().err


@pytest.mark.parametrize("day", ["9999-12-30", "0001-01-01"])
def test_a_today_at_the_calendars_end_is_one_line(day: str) -> None:
    # "next Tuesday" counted on from 9999-12-30 would pass the calendar's last day: such a day
    # is refused politely, never an internal error.
    proc = deadline_bot("ask", "withdrawals close next tuesday, vacancy cert due?", "--today", day)
    assert proc.returncode != 0
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stdout + proc.stderr
    assert "give a day from 1900 to 2999" in proc.stdout + proc.stderr
