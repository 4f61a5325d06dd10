"""What a question asks, as its words say it: the kind of answer (a deadline, a count, an
amount, who acts), a yes/no clause and what it is about, the withdrawal deadline itself (which no
rule computes), and requests that ask no rule's answer ("draft a letter …")."""

from __future__ import annotations

import re

from bot.language.text import apostrophes_blanked
from bot.language.times import ANY_TIME
from rules.engine.facts import FactMention, Facts

# The kinds of answer a question can ask for (lexicon `asks` values; a rule's frame `answers`).
ANSWER_KINDS = frozenset({"a-deadline", "a-count", "an-amount", "who", "other-question"})

# A yes/no question: a clause that opens with an auxiliary and its subject ("is the deadline
# extended", "can a petition candidate also run…"). What it asks is whether, not a deadline,
# count or sum: a "deadline" inside it is what the question is about. "is there a deadline",
# "is it due/by…" still ask for the deadline, and "can you tell me…", "does anyone know…" are
# requests, not yes/no questions.
_YES_NO = re.compile(
    r"(?:^|[.?!;:(]\s*|\s[-—–]+\s*|,\s*(?:(?:and|or|but|so)\s+)?)"
    # "… wants to rescind it before the deadline. Allowed?": a bare word asks yes or no of the
    # sentence before it
    # ("legal withdrawal?", "permitted filing?": the word, then what it is said of — never a
    # count or a day: "valid signatures required?" asks the count)
    r"((?:(?:allowed|permitted|permissible|possible|legal)"
    r"(?:\s+(?!(?:deadline|date|day|due|cutoff|time|hour|sig\w*|signatures?|votes?|voters"
    r"|contributions?|amount|share)\b)[a-z-]+){0,2}"
    r"|doable|ok|okay)(?=\s*\?)"
    r"|(?:(?:is|are|was|were|does|do|did|can|could|will|would|should|must|may|has|have|shall"
    # "please confirm whether a ticket … is eligible": a yes/no question asked indirectly
    r"|(?:please\s+)?(?:confirm|tell\s+me|let\s+me\s+know|advise)\s+whether)"
    # "…, did not exceed the limit", "has been": a statement going on, not a question.
    r"\s+(?!not\b|n\s*t\b|been\b|it\s+(?:due|by)\b"
    # "— was due when exactly?", "is it due what day?": the question word asks, not the verb
    r"|(?:[\w']+\s+){0,2}(?:when|what\s+(?:day|date|time))\b"
    r"|(?:you|u|anyone|anybody|someone|somebody|(?:the|this)\s+bot|(?:we|i)\s+know)\b)"
    # The clause ends where a question word takes over ("can we replace her, and by when?").
    # "…, and if so by when?", "…, who takes the paperwork, and most importantly what …" too.
    r"[a-z](?:(?!(?:\b(?:(?:and|or|but)\s+|if\s+so\b)|,\s*(?:(?:and|or|but|plus)\s+)?"
    r"(?:(?:most|more)\s+importantly,?\s+|also\s+|finally,?\s+|then\s+)?)(?:if\s+so,?\s+)?"
    r"(?:by\s+)?(?:when|what|how|who|which|where)\b)[^.?!;])*))"
)


# A yes/no question that asks whether there is a deadline at all, or names a day it leaves open
# ("does she need to file by a certain date?"), asks for it.
_ANY_DEADLINE = re.compile(
    r"\b(?:an?|any)\s+(?:deadline|due\s+date|cutoff|cut\s+off|last\s+day|date|start\s+date)\b"
    # "is there a separate certificate of candidacy deadline for me?", "is there a set date in
    # the law?": whether the deadline exists asks for it (its words before the noun hold no
    # preposition but "of": "is there a fee with the deadline?" asks about a fee)
    r"|\bthere\s+(?:is\s+|be\s+)?(?:still\s+)?(?:an?|any)\s+(?:(?!(?:with|for|on|in|to|at|after|before|from"
    r"|about|besides|than)\b)[\w'’-]+\s+){1,5}?(?:deadline|due\s+date|cutoff|last\s+day|date)\b"
    r"|\bby\s+(?:what|which|a\s+certain|a\s+specific|a\s+particular)\s+(?:date|day|time)\b"
    # "is the petition due the same day as the special primary?": when it is due, asked by
    # comparing it with another day
    r"|\bdue\s+(?:on\s+)?(?:the\s+)?same\s+(?:day|date)\b|\bdue\s+(?:before|after)\b"
    # "is there still time to put a new person in?", "has the declaration deadline passed?",
    # "did we blow past the COC deadline?": whether the deadline has passed
    r"|\b(?:still|enough)\s+time\b|\btime\s+left\b"
    r"|\b(?:deadline|due\s+date|cutoff|cut\s+off|last\s+day)\s+(?:(?:already|now)\s+)?"
    r"(?:passed|past|gone\s+by|come\s+and\s+gone)\b"
    r"|\b(?:miss(?:ed)?|blow(?:n)?\s+past|blew\s+past|gone\s+past)\s+(?:the|our|my|their)\s+"
    r"(?:[\w'’-]+\s+){0,5}?(?:deadline|due\s+date|cutoff|cut\s+off|last\s+day)\b"
)


# "does 5-903 even apply?", "does the rule on a successor cover that?": whether a rule
# applies is what its own answer says (it answers "not covered" when it does not).
# (only the rule itself: "does the signature requirement apply to town races?" asks about
# something else)
_APPLIES = re.compile(
    r"\b(?:rule|section|statute|law|\d+-\d+)\b[^?.;]{0,50}?\b(?:appl(?:y|ies)|cover(?:s|ed)?)\b"
)
# "is the first Monday in July really the last day…?", "is it true the successor has until…?":
# asking to confirm a deadline or sum asks for it.
_CONFIRMING = re.compile(
    r"\b(?:really|is\s+it\s+true|is\s+it\s+right|am\s+i\s+right|correct\s+that|right\s+that"
    r"|true\s+that|is\s+that\s+(?:right|correct|accurate|true|what)|does\s+that\s+(?:sound|match)"
    # "does the certificate deadline land on Wednesday?": the deadline's day, to confirm
    r"|(?:land|lands|fall|falls)\s+on)\b"
)


# "last day for an LG candidate to withdraw?": asked, not given ("withdrew 3/2, the last day to
# withdraw was 3/6") — the question ends right after it.
_ASKS_WITHDRAWAL_DEADLINE = re.compile(
    r"\b(?:last\s+day|deadline|cutoff)\s+(?:for\s+[^.?!;]{1,40}?\s+)?to\s+withdraw"
    # ("… to withdraw the certificate of candidacy this year?": what is withdrawn, named)
    r"(?:\s+(?:the|his|her|their|its|our|my|a)\s+(?:[\w'-]+\s+){0,3}?(?:certificate"
    r"(?:\s+of\s+candidacy)?|candidacy|coc|name|nomination|papers|petition)s?)?"
    r"(?:\s+(?:in\s+\d{4}|this\s+year|next\s+year|this\s+cycle))?"
    # "last day to withdraw from a nomination won yesterday?"
    r"(?:\s+from\s+[^.?!;,\d/]{1,40})?(?:\s*\([^()]{0,40}\))?\s*(?:\?|$)"
    # "what was the last day he could have withdrawn?", "the last moment a nominee can withdraw"
    r"|\blast\s+(?:day|date|moment|minute|chance)\s+(?:he|she|they|we|i|you|(?:an?|the)\s+\w+)"
    r"\s+(?:could|can|may|might)\s+(?:still\s+)?(?:have\s+)?withdr[ae]wn?\b"
    # "is there a last day she's allowed to quit?"
    r"|\blast\s+day\s+(?:\w+\s+){0,2}(?:\w+['’]s\s+|is\s+|are\s+)?(?:allowed|able|permitted)"
    r"\s+to\s+(?:withdraw|quit|drop\s+out|pull\s+out|(?P<that>do\s+(?:that|so|it)))\b"
)
_WITHDRAW_WORD = re.compile(r"\b(?:withdraw\w*|quit\w*|drop\w*\s+out|pull\w*\s+out)\b")
# The last question asks the withdrawal deadline itself: "When was the last day for filing
# withdrawals …?", "Is today the last day for withdrawals …?", "was it correct that the post-
# primary withdrawal deadline was noon on Sept 4?" ("…; the last day for withdrawals was 9/4.
# When are the certificates due?" states it: another question follows).
_ASKS_WITHDRAWAL_DAY = re.compile(
    r"\b(?:when|what\s+day|what\s+date|what)\s+(?:was|is|were|will\s+be)\s+the\s+"
    r"(?:last\s+day|deadline)\s+(?:and\s+hour\s+)?(?:for|to)\s+(?:file\s+|filing\s+)?withdraw(?:al)?s?\b"
    r"|\b(?:is|was)\s+[^.?!;]{1,30}?\s+the\s+last\s+day\s+(?:for|to)\s+(?:file\s+|filing\s+)?"
    r"withdraw(?:al)?s?\b"
    r"|\b(?:correct|right|true)\s+that\s+the\s+(?:[\w-]+\s+){0,3}withdrawal\s+deadline\s+"
    r"(?:[\w']+\s+){0,4}(?:was|is)\b"
    # "last day to withdraw before the primary is 6/5 at 5, right?": the day, to confirm
    r"|\b(?:last\s+day|deadline|cut-?off)\s+(?:for\s+[^.?!;]{1,40}?\s+)?to\s+withdraw\b"
    r"[^.?!;]{0,40}?\s(?:is|was|=)\s[^.?!;]{1,30}?[,\s]\s*(?:right|yes|correct|confirm|no)\s*\?\s*$"
)


# A sentence that tells the bot to do something ("submit our declaration to the SBE for us",
# "Draft a letter to …") or asks who someone was ("who was the LG candidate that withdrew in
# 2022") asks no rule's answer. "Send me the deadline for …" asks for one, so a task's object is
# never "me"/"us".
_SENTENCE_START = r"(?:^|[.?!;:\n]\s*|\bpls\s+|\bplease\s+|\bkindly\s+)"
_TASK = re.compile(
    _SENTENCE_START + r"(?:submit|send|draft|e-?mail|mail|upload|forward|fax|prepare|notify"
    r"|transfer|write(?!-)|fill\s+out|print)\s+(?!(?:me|us)\b)(?:our|the|a|an|my|this|it|them|his"
    r"|her|their)\b"
)
_WHO_WAS = re.compile(_SENTENCE_START + r"who\s+(?:was|were)\s+the\b")


# "primary spending limit for a public $ gov ticket?": the limit itself, named for a kind of
# ticket — unless the question says where a ticket stands against it ("went over the primary
# spending limit for publicly financed tickets"), a fact the general-election rule takes.
_LIMIT_NAMED = re.compile(r"\b(?:spending|expenditure)\s+(?:limit|cap)s?\s+(?:for|on|per)\b")


def _asks_something_else(low: str, facts: Facts) -> None:
    for pattern in (_TASK, _WHO_WAS):
        m = pattern.search(low)
        if m is not None:
            mention(facts, "asks", "other-question", m)
    limit = _LIMIT_NAMED.search(low)
    if limit is not None and facts.exceeded_primary_limit is None:
        mention(facts, "asks", "other-question", limit)


def _after_its_question(low: str, m: re.Match[str]) -> str:
    """The text after the question `m` stands in (after the "?" that closes it)."""
    end = low.find("?", m.end())
    return "" if end < 0 else low[end + 1 :]


def _in_its_question(low: str, at: int) -> bool:
    """Whether the words at `at` are in the sentence its "?" closes, or, with no "?" after
    them, in the text's last sentence ("the last day to withdraw is Wednesday 3/22/2028. …
    How long does the caucus have?": a day stated, then another question)."""
    end = low.find("?", at)
    return not re.search(r"[.!;]\s", low[at : end if end >= 0 else len(low)])


def _closed_by_its_question(low: str, at: int) -> bool:
    """Whether the sentence the words at `at` are in is closed by a "?"."""
    return "?" in low[at:] and _in_its_question(low, at)


def _asks_withdrawal_deadline(low: str, facts: Facts) -> None:
    m = _ASKS_WITHDRAWAL_DEADLINE.search(low)
    if m is not None and m.group("that") and not _WITHDRAW_WORD.search(low, 0, m.start()):
        m = None  # "allowed to do that": only when what "that" is was a withdrawal
    m = m or next(
        (
            d
            for d in _ASKS_WITHDRAWAL_DAY.finditer(low)
            if "?" not in _after_its_question(low, d) and _in_its_question(low, d.end())
        ),
        None,
    )
    if m is not None and "withdrawal-deadline" not in facts.values("asks"):
        mention(facts, "asks", "withdrawal-deadline", m)
    elif m is None and _only_deadline_asked_is_withdrawals(low, facts):
        named = next(f for f in facts.mentions if f.value == "withdrawal-deadline")
        facts.mentions.append(
            FactMention(
                role="asks", value="withdrawal-deadline", span=named.span, start=named.start
            )
        )


_STATED_WITHIN = 60  # characters from a deadline's name to a day said of it


def _only_deadline_asked_is_withdrawals(low: str, facts: Facts) -> bool:
    """ "Last day for filing withdrawals for our spring town election?": every deadline the
    question asks is the last day for withdrawals it names, and it gives that day no date — so
    that day is what it asks, not a day it states to count from. Where the question asks
    something ("?"), it names that day in what it asks: "… two weeks after the withdrawal
    deadline had passed. Was there a date the new pick had to file by?" tells of the day."""
    named = [
        (f.start, f.start + len(f.span))
        for f in facts.mentions
        if f.role == "detail" and f.value == "withdrawal-deadline"
    ]
    asked = [f.start for f in facts.mentions if f.role == "asks" and f.value in ANSWER_KINDS]
    deadlines = [f.start for f in facts.mentions if f.role == "asks" and f.value == "a-deadline"]
    return (
        bool(named and deadlines)
        and all(_inside(at, named) for at in asked)
        and ("?" not in low or any(_closed_by_its_question(low, end) for _, end in named))
        and not any(d.role == "withdrawal_deadline" for d in facts.dates)
        # ("withdrawal ddl for our race is Labor Day itself (Mon 9/6/2027)": a day said right
        # after the deadline it names is that deadline's, stated)
        and not any(_day_said_after(facts, end, _STATED_WITHIN, (None,)) for _, end in named)
    )


# "When, and with which board, must the petition be filed?": the question word opens the
# sentence and the auxiliary after the aside continues it — no yes/no clause of its own.
_WH_OPENED = re.compile(
    r"(?:^|[.?!;:\n])\s*(?:(?:by|on|at|in|until|for)\s+)?(?:when|where|what|which|how|who)\b"
    r"[^.?!;:\n,]{0,12},[^.?!;\n]*,\s*$"
)


# ("is it 5 pm or 9 pm for indie COCs?": the hour asked by naming the ones it might be)
_HOURS_OR = re.compile(rf"(?:{ANY_TIME.pattern})\s+or\s+(?:{ANY_TIME.pattern})")


def _yes_no(low: str, facts: Facts) -> None:
    """Mark each yes/no clause as `asks: yes-no` (its words are its span); the kinds of answer
    named inside it ("is the *deadline* extended") are not what the question asks, but an
    `other-question` inside it ("…who lives out of state?") still says what it is about."""
    text = apostrophes_blanked(low)
    # A clause that states the value it asks to confirm ("is the deadline May 10?", "do we have
    # until 6/12?", "is the match $25,000?") asks for that value: the rule computes it.
    values = [d.start for d in facts.dates] + [a.start for a in facts.amounts]
    values += [n.start for n in facts.numbers] + [m.start() for m in _HOURS_OR.finditer(text)]
    clauses = [
        (m.start(1), m.end(1))
        for m in _YES_NO.finditer(text)
        # "Ticket got no primary contribution, is its party's nominee, …. Fund remaining …":
        # a clause after a comma is a question only when a "?" (or the end) closes it.
        if (
            "," not in text[m.start() : m.start(1)]
            or text[m.end(1) :].strip()[:1] not in (".", ";", "!")
        )
        and not _ANY_DEADLINE.search(m.group(1))
        and not _CONFIRMING.search(m.group(1))
        and not _APPLIES.search(m.group(1))
        and not _inside_any(values, m.start(1), m.end(1))
        and not _WH_OPENED.search(text, 0, m.start(1))
    ]
    if not clauses:
        return
    facts.mentions = [
        f
        for f in facts.mentions
        if not (
            f.role == "asks"
            and f.value in ANSWER_KINDS - {"other-question"}
            and _inside(f.start, clauses)
        )
    ]
    for start, end in clauses:
        if len(low[start:end].split()) <= 2:
            # "… wants the committee of five to name a replacement. Can they?": a bare "can
            # they?" asks about the sentence before it.
            before = max(low.rfind(stop, 0, start) for stop in ".?!")
            if before > 0:
                start = max(low.rfind(stop, 0, before) for stop in ".?!") + 1
                start += len(low[start:]) - len(low[start:].lstrip())
        facts.mentions.append(
            FactMention(role="asks", value="yes-no", span=low[start:end], start=start)
        )


def _confirms(low: str, facts: Facts) -> None:
    """ "was it correct that the successor certificate was due May 14?": a clause asking to
    confirm a day or a sum asks for it (the rule's answer settles it), whatever else the
    question says ("… nobody wrote down why")."""
    for m in _CONFIRMING.finditer(low):
        end = min([i for i in (low.find(c, m.end()) for c in ".?!;") if i >= 0] or [len(low)])
        for kind, values in (("a-deadline", facts.dates), ("an-amount", facts.amounts)):
            if any(m.start() <= v.start < end for v in values):
                facts.mentions.append(
                    FactMention(role="asks", value=kind, span=low[m.start() : end], start=m.start())
                )
                break


def _inside(at: int, spans: list[tuple[int, int]]) -> bool:
    return any(start <= at < end for start, end in spans)


def _inside_any(points: list[int], start: int, end: int) -> bool:
    return any(start <= at < end for at in points)


def mention(facts: Facts, role: str, value: str, m: re.Match[str]) -> None:
    """Record that `m`'s words say `value` in `role`."""
    facts.mentions.append(FactMention(role=role, value=value, span=m.group(0), start=m.start()))


# ("last day to withdraw Sept 9", "withdrawal deadline was 9/4"): the day said right after it
_DAY_SAID_OF_IT = 24


def _day_said_after(
    facts: Facts, end: int, within: int, roles: tuple[str | None, ...] | None = None
) -> bool:
    """Whether a day (of one of `roles`, where they are given) is said within `within`
    characters after `end`, where a deadline's name ends: "last day to withdraw Sept 9"."""
    return any(
        0 <= d.start - end <= within and (roles is None or d.role in roles) for d in facts.dates
    )


def _told_withdrawal_deadline(facts: Facts) -> None:
    """ "… last day to withdraw Sept 9. Legal?": the withdrawal deadline said with its day is
    told, so the deadline word inside it asks nothing."""
    told = [
        (f.start, f.start + len(f.span))
        for f in facts.mentions
        if f.role == "detail"
        and f.value == "withdrawal-deadline"
        and _day_said_after(facts, f.start + len(f.span), _DAY_SAID_OF_IT)
    ]
    facts.mentions = [
        f
        for f in facts.mentions
        if not (f.role == "asks" and f.value == "a-deadline" and _inside(f.start, told))
    ]


def read_asks(low: str, facts: Facts) -> None:
    """Add what the question asks to `facts` (once its other facts are read)."""
    _told_withdrawal_deadline(facts)
    _yes_no(low, facts)
    _confirms(low, facts)
    _asks_withdrawal_deadline(low, facts)
    _asks_something_else(low, facts)
