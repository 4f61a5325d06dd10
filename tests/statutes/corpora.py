"""Temporary corpus folders for the version tests: the seeds, the current texts, versions.toml."""

from __future__ import annotations

import json
import shutil
from datetime import date
from pathlib import Path

from statutes.corpus import DEFAULT_XML_DIR
from statutes.versions import Version

# A complete entry for a held version whose dates are all unknown; tests override fields.
BASE: dict[str, object] = {
    "text_as_of": "unknown",
    "in_force_from": "unknown",
    "in_force_from_basis": "Not researched.",
    "in_force_to": "unknown",
    "in_force_to_basis": "Not researched.",
    "source": "a test copy",
    "second_source": "another test copy",
    "comparison": "identical",
    "retrieved": date(2026, 11, 22),
    "official": False,
}


def toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, date):
        return value.isoformat()  # a TOML date (a datetime gives a TOML date-time)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a TOML basic string
    return str(value)


def versions_toml(entries: list[dict[str, object]]) -> str:
    blocks = []
    for entry in entries:
        lines = [f"{key} = {toml_value(value)}" for key, value in entry.items()]
        blocks.append("[[version]]\n" + "\n".join(lines) + "\n")
    return "\n".join(blocks)


def entry(law: str, vid: str, file: str | None, **fields: object) -> dict[str, object]:
    out: dict[str, object] = {"law": law, "id": vid}
    if file is not None:
        out["file"] = file
    out.update(BASE)
    out.update(fields)
    return {k: v for k, v in out.items() if v is not None}


def write_versions(root: Path, entries: list[dict[str, object]]) -> Path:
    path = root / "versions.toml"
    path.write_text(versions_toml(entries), encoding="utf-8")
    return path


# The four seed texts (the 2014-era versions), byte-identical copies; the packaged folder also
# holds the current texts beside them (e.g. md/gel-5-703.2025.xml).
SEED_FILES = ("md/gel-5-703.xml", "md/gel-15-106.xml", "md/gel-5-903.xml", "ma/c53-s14.xml")


def seeds(root: Path) -> Path:
    """The packaged seed texts (without the current texts or versions.toml) in `root`."""
    for name in SEED_FILES:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(DEFAULT_XML_DIR / name, root / name)
    return root


def research_corpus(root: Path) -> Path:
    """The packaged corpus as shipped: the seeds, the current texts the research read (now in
    statutes/xml beside the seeds) and statutes/xml/versions.toml."""
    shutil.copytree(DEFAULT_XML_DIR, root, dirs_exist_ok=True)
    return root


def version(vid: str, **fields: object) -> Version:
    """A held version of a test law; dates None (unknown) unless given."""
    values: dict[str, object] = {
        "law": "md/gel/9-999",
        "id": vid,
        "file": f"md/gel-9-999.{vid}.xml",
        "text_as_of": None,
        "in_force_from": None,
        "in_force_from_basis": "b",
        "in_force_to": None,
        "in_force_to_basis": "b",
        "source": "s",
        "second_source": "s2",
        "comparison": "identical",
        "retrieved": date(2026, 11, 22),
        "official": False,
    }
    values.update(fields)
    if values.get("held") is False:
        values["file"] = None
    return Version(**values)  # type: ignore[arg-type]
