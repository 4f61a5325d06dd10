"""Helpers shared by the tests and benchmarks (no tests here): the fake Slack (`fakeslack`),
signed requests into the real server (`slack`), SQLite and PostgreSQL databases (`db`),
reminder deadline sources (`reminders`) and the answering service on the packaged data
(`service`)."""

from pathlib import Path

#: The repository's root folder.
REPO_ROOT = Path(__file__).resolve().parents[2]
