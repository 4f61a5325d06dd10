"""A question's parts: "do they owe a fee, who takes the paperwork, and what is the last day the
successor's certificate can come in?" asks three things. A part asking what no rule computes (a
fee, a contribution limit, verifying signatures) is set aside when another part asks what a
rule computes (a deadline, a count, an amount, who), so one side question does not silence the
answer to the main one; the reply says which part was not answered."""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.language.matching import side_asks
from bot.language.words import raw_words, stem, words

# Parts end at sentence and clause punctuation, at a spaced dash ("Couple things - do they …"),
# never at a hyphen inside a word ("5-903"), and before "and" or "&" opening a question of its
# own ("when's the COC due and how much is the filing fee?").
_BETWEEN_PARTS = re.compile(
    r"[.?!;:\n,]+|\s[-—–]+\s"
    r"|\s+(?=(?:and|&|\+)\s+(?:what|when|how|who|where|which|why|is|are|was|were|do|does|did|can"
    r"|could|will|would|should|must|may|has|have)\b)"
)
# A part that is a question of its own opens with a question word or an auxiliary, after a
# joining word or an ordinal ("and most importantly what is …", "second, is there …").
_ASKING = re.compile(
    # ("(b) do I pay a fee for it", "2) what's the filing fee": a list's label first)
    r"^\W*(?:[a-z0-9]{1,2}[).]\s*)?(?:(?:and|or|but|so|also|plus|then)\s+)?"
    r"(?:(?:most\s+importantly|more\s+importantly|finally|lastly|first|second|third)\s*,?\s+)?"
    r"(?:what|when|how|who|where|which|why|is|are|was|were|do|does|did|can|could|will|would"
    # ("… asks whether July 6 was the last day …, and whether the board charged a fee")
    r"|should|must|may|has|have|whether|if)\b"
)
# A part that asks by request rather than as a question ("Please advise the deadline …").
_REQUEST = re.compile(
    r"\b(?:please|pls|kindly|advise|confirm|let\s+me\s+know|tell\s+me|need\s+to\s+know"
    r"|wondering|can\s+you|could\s+you)\b"
)
# A question reported ("a reporter asks whether July 6 was the last day …"), and a statement
# to confirm ("… is due at 5pm that day, right?"): parts that ask.
_INDIRECT = re.compile(r"\b(?:whether|asks?\s+(?:if|when|what|how)|wondering\s+(?:if|when))\b")
_CONFIRM_AFTER = re.compile(r"\s*,?\s*(?:right|correct|yes|no|true|ok)\s*\?")
# A part said apart from the question by its own word ("Separately, our first finance report
# is due in April."): context, whatever it names.
_APART = re.compile(r"\b(?:separately|unrelated(?:ly)?|on\s+another\s+note|side\s+note)\b")
# What a rule computes, asked in a part: a deadline, a count, an amount or who acts.
_ASKS_WHAT_A_RULE_COMPUTES = re.compile(
    # ("(a) declaration of intent date, (b) do I pay a fee": a listed item asks its date)
    r"\b(?:when|deadline|due|last\s+day|how\s+many|how\s+much|what\s+date|what\s+day|by\s+what"
    r"|date|who|match|matching|shares?|late|on\s+time|in\s+time"
    r"|public\s+(?:contribution|money|funds?|share|\$))\b"
)


def without_side_asks(text: str, vetoes: Sequence[str]) -> str | None:
    """`text` without the words of `vetoes`, when every veto is a side ask standing in a part
    that is a question of its own and another part asks what a rule computes; else None (the
    vetoes rule out the whole question)."""
    if not vetoes or not set(vetoes) <= side_asks():
        return None
    # (compared stemmed, as the matcher found them: "who checks the sigs" says "check the
    # signatures")
    said = [f" {' '.join(words(v))} " for v in vetoes]
    veto_words = {w for v in said for w in v.split()}
    kept: list[str] = []
    set_aside = other_asks = False
    at = 0
    for part in _BETWEEN_PARTS.split(text):
        at = text.find(part, at) + len(part)
        stems = f" {' '.join(words(part))} "
        if any(v in stems for v in said):
            # ("for a ballot question, how many …": the veto is the subject; "… right? and no
            # fee?": a part of its own, asked)
            # ("Separately, our first finance report is due in April.": said apart from the
            # question, by its own word)
            begin = at - len(part)
            apart = _APART.search(text[max(0, begin - 24) : begin + 16].lower())
            if not (_ASKING.search(part.lower()) or text.startswith("?", at) or apart):
                return None
            set_aside = True
            kept.append(" ".join(w for w in raw_words(part) if stem(w) not in veto_words))
        else:
            # (a part that asks: "… last day for withdrawals 3/1/30 5pm" and "before the Fri
            # March 8, 2030 deadline." only say the day)
            computed = _ASKS_WHAT_A_RULE_COMPUTES.search(part.lower())
            asking = computed and (
                _ASKING.search(part.lower())
                or _REQUEST.search(part.lower())
                or _INDIRECT.search(part.lower())
                or text.startswith("?", at)
                # ("… is due at 5pm that day, right?": a statement to confirm asks)
                or _CONFIRM_AFTER.match(text, at)
                or not any(c.isdigit() for c in part)
            )
            other_asks = other_asks or bool(asking)
            kept.append(part)
    return " ".join(kept) if set_aside and other_asks else None
