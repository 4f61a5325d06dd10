"""Calendar files are read only when they are regular files of sane size (issue 9 loose end):
a `*.toml` that is a symlink to /dev/zero, a FIFO or a directory is refused at once with one
line naming the file, by `load_calendars` and `lint_calendars` alike — never read without end
or waited on."""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from rules.calendar import PACKAGED_DIR, CalendarError, lint_calendars, load_calendars


def _finishes(work: Callable[[], object]) -> object:
    """Run `work` in a thread; a hang (the bug this guards against) fails instead of blocking."""
    out: dict[str, object] = {}

    def target() -> None:
        try:
            out["value"] = work()
        except Exception as exc:  # returned to the test, which checks it
            out["value"] = exc

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(30)
    assert not thread.is_alive(), "reading the calendars hung"
    return out["value"]


def _folder(tmp_path: Path, make_bad: Callable[[Path], None]) -> Path:
    for src in PACKAGED_DIR.glob("*.toml"):
        shutil.copy(src, tmp_path / src.name)
    make_bad(tmp_path / "md-2030.toml")
    return tmp_path


BAD: dict[str, Callable[[Path], None]] = {
    "symlink to /dev/zero": lambda p: p.symlink_to("/dev/zero"),
    "FIFO": lambda p: os.mkfifo(p),
    "directory": lambda p: p.mkdir(),
}


@pytest.mark.parametrize("kind", list(BAD))
def test_load_refuses_a_toml_that_is_not_a_regular_file(tmp_path: Path, kind: str) -> None:
    folder = _folder(tmp_path, BAD[kind])
    error = _finishes(lambda: load_calendars(folder))
    assert isinstance(error, CalendarError)
    message = str(error)
    assert message.startswith("md-2030.toml: ") and "not a regular file" in message
    assert "\n" not in message


@pytest.mark.parametrize("kind", list(BAD))
def test_lint_reports_it_and_still_checks_the_others(tmp_path: Path, kind: str) -> None:
    folder = _folder(tmp_path, BAD[kind])
    problems = _finishes(lambda: lint_calendars(folder))
    # One line for the bad file; the packaged calendars beside it are read and are clean.
    assert isinstance(problems, list) and len(problems) == 1, problems
    assert problems[0].startswith("md-2030.toml: ") and "not a regular file" in problems[0]


def test_a_calendar_larger_than_the_cap_is_refused(tmp_path: Path) -> None:
    folder = _folder(tmp_path, lambda p: p.write_bytes(b"#" * (2 * 1024 * 1024)))
    with pytest.raises(CalendarError, match=r"^md-2030\.toml: larger than 1 MiB"):
        load_calendars(folder)
