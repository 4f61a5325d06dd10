"""The corpus manifest: which code each XML folder holds, its name, and how to cite it."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from statutes.citations import alias_key
from statutes.loader import CodeEntry
from statutes.model import code_label

MANIFEST = Path(__file__).resolve().parent / "manifest.toml"


@dataclass
class Manifest:
    codes: dict[str, list[CodeEntry]]  # jurisdiction → codes

    @classmethod
    def load(cls, path: Path = MANIFEST) -> Manifest:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        codes = {
            j: [CodeEntry.from_manifest(j, c, e) for c, e in body.get("codes", {}).items()]
            for j, body in data["jurisdictions"].items()
        }
        return cls(codes)

    @cached_property
    def aliases(self) -> dict[str, tuple[str, str]]:
        out: dict[str, tuple[str, str]] = {}
        for entries in self.codes.values():
            for e in entries:
                for a in (*e.aliases, e.code, e.name):
                    out[alias_key(a)] = (e.jurisdiction, e.code)
        return out

    @cached_property
    def known(self) -> str:
        """The codes, as named in error messages: "Md. Code, Elec. Law (EL, gel); …"."""
        names = []
        for entries in self.codes.values():
            for e in entries:
                short = [a for a in e.aliases if len(a) <= 6][:3]
                names.append(f"{code_label(e.cite)} ({', '.join(short)})")
        return "; ".join(names)

    @cached_property
    def jurisdiction_codes(self) -> dict[str, list[str]]:
        return {j: [e.code for e in es] for j, es in self.codes.items()}
