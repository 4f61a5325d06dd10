"""The text we quote: the XML text verbatim, except for the repairs listed here.

- whitespace runs collapsed to one space (XML indentation is not statute text);
- entities decoded (done by the XML parser: `&#xA7;` → `§`);
- mojibake repaired with ftfy, keeping curly quotes (`oâ€™clock` → `o’clock`);
- Unicode NFC.

Every change beyond whitespace is returned as a `Repair`, so lint can show it.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

import ftfy

_WS = re.compile(r"\s+")
# UTF-8 read as cp1252/latin-1 always shows a lead character in Â..ô; control characters and
# U+FFFD are the other things ftfy repairs. Text without any of them is left alone (and fast).
_SUSPECT_CHARS = "[\u00c2-\u00f4\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffd]"
# Mojibake is local to a word, so ftfy is run on each suspect word rather than on a whole
# section (its badness heuristics cost ~0.1 ms per call on a long text).
_SUSPECT_WORD = re.compile(r"\S*" + _SUSPECT_CHARS + r"\S*")
# Keep the statute's own characters: no quote straightening, no HTML unescaping (the XML parser
# already decoded entities once; a second pass would corrupt a literal "&amp;"), no width folding.
_FTFY = ftfy.TextFixerConfig(
    uncurl_quotes=False,
    unescape_html=False,
    fix_character_width=False,
    fix_latin_ligatures=False,
    explain=True,
)


@dataclass(frozen=True, slots=True)
class Repair:
    kind: str  # "mojibake", "text-repair", "unicode-normalization"
    before: str  # the word (or text) as the file has it
    after: str
    detail: str = ""


def clean(raw: str) -> tuple[str, list[Repair]]:
    """Return quotable text for a raw XML text fragment, and the repairs made."""
    text = _WS.sub(" ", raw).strip()
    if text.isascii():  # nothing below can change pure ASCII text
        return text, []
    repairs: list[Repair] = []

    def fix_word(m: re.Match[str]) -> str:
        word = m.group(0)
        fixed, explanation = ftfy.fix_and_explain(word, _FTFY)
        if fixed != word:
            steps = ", ".join(f"{step} {param}" for step, param in (explanation or [])) or "ftfy"
            kind = "mojibake" if "encode" in steps or "decode" in steps else "text-repair"
            repairs.append(Repair(kind, word, fixed, steps))
        return fixed

    text = _SUSPECT_WORD.sub(fix_word, text)
    nfc = unicodedata.normalize("NFC", text)
    if nfc != text:
        repairs.append(Repair("unicode-normalization", text, nfc))
        text = nfc
    return text, repairs
