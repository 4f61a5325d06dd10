"""How a candidate was nominated, as questions say it (c. 53, § 14 turns on it): by nomination
papers, at a convention or caucus, or at a primary ("nominee from the 9/1 primary")."""

from __future__ import annotations

import re

from rules.engine.facts import Nomination

NOMINATIONS: list[tuple[Nomination, re.Pattern[str]]] = [
    (
        "nomination-papers",
        re.compile(
            r"\bnominat(?:ion|ing)[\s-]+papers?\b|\b(?:by|on|via|through)\s+(?:the\s+)?papers\b"
            # ("the committee of five on the papers", "the committee named in her papers")
            # (number words are digits by now: "committee of 5", "5-person committee")
            r"|\bcommittee\s+(?:of\s+(?:five|5)\s+)?(?:named\s+)?(?:on|in)\s+"
            r"(?:the|his|her|their)\s+papers\b|\(papers\)|\bpapers\s+candidate\b"
            # ("our papers-nominated candidate")
            r"|\b(?:nomination\s+)?papers[\s-]+nominated\b"
        ),
    ),
    ("convention", re.compile(r"\bconvention\b")),
    ("caucus", re.compile(r"\bcaucus(?:es)?\b")),
    (
        "primary",
        re.compile(
            # "nominated in the Sept 1 state primary": a date may name the primary.
            # "nominee from the 9/1 primary": the nomination came from it.
            r"\b(?:nominated|chosen|selected|picked|elected|nominee|nomination(?:\s+made)?)"
            r"\s+(?:at|in|by|from|out\s+of)\s+(?:the\s+|a\s+)?"
            # ("nominated at last month's primary")
            r"(?:(?:last|this)\s+[a-z]+['’]s\s+)?"
            r"(?:[a-z]{3,9}\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+(?:\d{4}\s+)?"
            r"|\d{1,2}/\d{1,2}(?:/\d{2,4})?\s+|\d{4}\s+)?"
            r"(?:state\s+|party\s+)?primary\b"
            r"|\bprimary\s+(?:winner|nominee)\b|\bdirect\s+nomination\b"
            # ("a primary-nominated candidate")
            r"|\bprimary[\s-]+(?:nominated|chosen|selected)\b"
            # "our state rep nominee (Sept 1 primary)"
            r"|\bnominee\s*\(\s*(?:[a-z]{3,9}\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+(?:\d{4}\s+)?"
            r"|\d{1,2}/\d{1,2}(?:/\d{2,4})?\s+)?(?:state\s+)?primary\s*\)"
            # "won the Sept. 1 Democratic primary", "the primary our senate nominee won",
            # "our nominee for state senator from Tuesday's primary": said in one clause.
            # ("the winner of the Sept 1, 2026 primary withdrew")
            r"|\b(?:won|wins?|winning|winner\s+of)\s+(?:the\s+|a\s+|his\s+|her\s+|their\s+)?"
            r"(?:[\w.,/'’-]+\s+){0,4}?primary\b"
            r"|\bprimary\b[^.;?!]{0,50}\bnominee\b[^.;?!]{0,20}\bwon\b"
            r"|\bnominee\b[^.;?!]{0,40}\b(?:from|in|at)\s+(?:[^.;?!\s]+\s+){0,6}?primary\b"
        ),
    ),
]
