"""The one input sanitizer: what the bot reads of anything a person typed.

Control characters (C0 but tab and newline, DEL, C1), zero-width and bidirectional formatting
characters (which can make text read differently from what it says), and lone surrogates (which
no encoder accepts) each become one space. Nothing else changes and the length stays the same,
so positions found in the sanitized text are positions in the original. Every face reads text
through this (the answering service, the Slack listeners); reading values out of it
(`bot.language`) starts from it too.
"""

from __future__ import annotations

import re

_UNSAFE = re.compile(
    "["
    "\x00-\x08\x0b-\x1f\x7f-\x9f"  # control characters but \t and \n
    "\u200b-\u200f"  # zero-width space/joiners, left-to-right and right-to-left marks
    "\u202a-\u202e"  # bidirectional embeddings and overrides
    "\u2066-\u2069"  # bidirectional isolates
    "\ud800-\udfff"  # lone surrogates (e.g. from JSON "\ud800")
    "]"
)


def sanitize(text: str) -> str:
    """`text` with every unsafe character (see the module docstring) replaced by a space."""
    return _UNSAFE.sub(" ", text)
