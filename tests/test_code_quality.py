"""The tools hold the line in CI: ruff (lint and format), mypy, the import contracts, and the
size of modules. Each tool runs from this virtualenv as a subprocess; a failure shows its output.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.support import REPO_ROOT

BIN = Path(sys.executable).parent
#: No module of the three packages may be longer than this (aim for ~500).
MAX_MODULE_LINES = 600


@pytest.mark.parametrize(
    "command",
    [
        ("ruff", "check", "."),
        ("ruff", "format", "--check", "."),
        ("mypy",),
        ("lint-imports",),
    ],
    ids=lambda c: " ".join(c),
)
def test_tool_passes(command: tuple[str, ...]) -> None:
    tool = BIN / command[0]
    assert tool.exists(), f"{tool} missing: pip install -e '.[dev]'"
    proc = subprocess.run(
        [str(tool), *command[1:]],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert proc.returncode == 0, f"{' '.join(command)} failed:\n{proc.stdout}\n{proc.stderr}"


def test_no_module_is_over_the_line_limit() -> None:
    too_long = {
        str(path.relative_to(REPO_ROOT)): count
        for package in ("bot", "rules", "statutes")
        for path in (REPO_ROOT / package).rglob("*.py")
        if (count := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert too_long == {}, f"modules over {MAX_MODULE_LINES} lines: {too_long}"
