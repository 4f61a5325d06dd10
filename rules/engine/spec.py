"""A rule's specification: its public face (id, title, aliases, parameters, reading them from a
question's facts) and its implementations — one per text version of the law it was written for.

A rule id keeps one public spec while the law changes under it: each `Implementation` declares
the text version(s) it was written for (`texts`, {law key: version id}, e.g.
{"md/gel/5-703": "2025"}), computes with them and has its own pins (`pins.toml`
`[rule-id."version"]`). The registry runs the implementation for the text in force on the
deciding date (`RuleSpec.decides`), or every candidate when that is not known.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING, Literal

from rules.engine.params import Param

if TYPE_CHECKING:
    from rules.engine.context import Context
    from rules.engine.facts import Facts

#: Which result is the conservative one when several texts may be in force: the value of this
#: result key that is smallest ("min": the earliest deadline, the smaller amount) or largest
#: ("max": the larger signature requirement).
Conservative = tuple[str, Literal["min", "max"]]


@dataclass(frozen=True)
class Implementation:
    """A rule as written for one text version (or one set of texts) of the law."""

    id: str  # its key in pins.toml: "2014", "2025"; "" for a rule with one unversioned text
    texts: Mapping[str, str]  # {law key: version id}; empty: the corpus's text of `section`
    compute: Callable[[Context], None]
    caveat: str = ""  # said in every answer computed by this implementation


@dataclass(frozen=True)
class RuleSpec:
    id: str
    title: str  # one line, shown in rule lists and when the bot asks "which did you mean?"
    jurisdiction: str  # "md" | "ma"
    section: str  # the law it was first written for, e.g. "md/gel/5-903"
    params: tuple[Param, ...]
    # A rule with one text gives `compute` (and `caveat`); a rule written for several text
    # versions gives `implementations`, oldest text first.
    compute: Callable[[Context], None] | None = None
    aliases: tuple[str, ...] = ()  # short names for the structured command (`ALIAS key=value`)
    caveat: str = ""  # said in every answer (e.g. the loaded text is older than current law)
    # The parameters a question's facts state (only what the text states; calendar defaults
    # are the rule's business).
    from_facts: Callable[[Facts], dict[str, object]] | None = None
    implementations: tuple[Implementation, ...] = ()
    # The day whose law in force decides which text applies, from the values given (None:
    # `today`); `as_of` overrides it. Each rule documents its choice.
    decides: Callable[[Context], date | None] | None = None
    conservative: Conservative = ("deadline", "min")
    _impls: tuple[Implementation, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if (self.compute is None) == (not self.implementations):
            raise ValueError(f"{self.id}: give either compute or implementations")
        impls = self.implementations or (
            Implementation(id="", texts={}, compute=self.compute, caveat=self.caveat),  # type: ignore[arg-type]
        )
        ids = [i.id for i in impls]
        if len(set(ids)) != len(ids) or len({tuple(sorted(i.texts.items())) for i in impls}) != len(
            impls
        ):
            raise ValueError(f"{self.id}: implementations need distinct ids and texts")
        object.__setattr__(self, "_impls", impls)

    @property
    def impls(self) -> tuple[Implementation, ...]:
        """Every implementation (a rule given `compute` has one, for its one text)."""
        return self._impls

    def param(self, name: str) -> Param | None:
        return next((p for p in self.params if p.name == name), None)
