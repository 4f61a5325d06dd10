"""A question's parts: "do they owe a fee, who takes the paperwork, and what is the last day the
successor's certificate can come in?" asks three things. A part asking what no rule computes (a
fee, a contribution limit, verifying signatures) is set aside when another part asks what a
rule computes (a deadline, a count, an amount, who), so one side question does not silence the
answer to the main one; the reply says which part was not answered."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from bot.language.matching import side_asks, veto_said
from bot.language.months import MONTH_NAME
from bot.language.next_weekday import WEEKDAY_FULL
from bot.language.words import GENERIC, raw_words, stem, words
from rules.engine.facts import Facts

# The auxiliaries a question asking yes or no opens with ("does …", "can …").
_AUXILIARIES = "is|are|was|were|do|does|did|can|could|will|would|should|must|may|has|have"
# Parts end at sentence and clause punctuation, at a spaced dash ("Couple things - do they …"),
# never at a hyphen inside a word ("5-903"), and before "and" or "&" opening a question of its
# own ("when's the COC due and how much is the filing fee?").
_BETWEEN_PARTS = re.compile(
    # (never inside a number: "90,000 voters", "$2.5M", "9:30")
    # (nor between a day and its year: "… deadline of March 8, 2030?" is one part)
    r"(?:(?<!\d)[.:,]|[.:](?!\d)|,(?!\d|\s+\d{4}\b)|[?!;\n])+|\s[-—–]+\s"
    # ("… and whats the deadline": a question word with its "is" run on, as texted)
    r"|\s+(?=(?:and|&|\+)\s+(?:whats|whens|hows|whos|wheres|what|when|how|who|where|which|why"
    rf"|{_AUXILIARIES}|whether)\b)"
)
# A part that is a question of its own opens with a question word or an auxiliary, after a
# joining word or an ordinal ("and most importantly what is …", "second, is there …").
_ASKING = re.compile(
    # ("(b) do I pay a fee for it", "2) what's the filing fee": a list's label first)
    r"^\W*(?:[a-z0-9]{1,2}[).]\s*)?(?:(?:and|or|but|so|also|plus|then)\s+)?"
    r"(?:(?:most\s+importantly|more\s+importantly|finally|lastly|first|second|third)\s*,?\s+)?"
    # ("…, and by when?", "by when does the declaration have to be in?": the question word
    # after its preposition)
    r"(?:(?:by|until|till)\s+(?=wh))?"
    rf"(?:whats|whens|hows|whos|wheres|what|when|how|who|where|which|why|{_AUXILIARIES}"
    # ("… asks whether July 6 was the last day …, and whether the board charged a fee")
    r"|whether|if)\b"
)
# A part that asks by request rather than as a question ("Please advise the deadline …").
_REQUEST = re.compile(
    r"\b(?:please|pls|kindly|advise|confirm|let\s+me\s+know|tell\s+me|need\s+to\s+know"
    r"|wondering|can\s+you|could\s+you)\b"
)
# A question reported ("a reporter asks whether July 6 was the last day …"), and a statement
# to confirm ("… is due at 5pm that day, right?"): parts that ask.
_INDIRECT = re.compile(
    r"\b(?:whether|ask(?:s|ing)?\s+(?:if|when|what|how)|wondering\s+(?:if|when))\b"
)
_CONFIRM_AFTER = re.compile(r"\s*,?\s*(?:right|correct|yes|no|true|ok)\s*\?")
# A part said apart from the question by its own word ("Separately, our first finance report
# is due in April."): context, whatever it names.
_APART = re.compile(r"\b(?:separately|unrelated(?:ly)?|on\s+another\s+note|side\s+note)\b")
# What a rule computes, asked in a part: a deadline, a count, an amount or who acts.
_ASKS_WHAT_A_RULE_COMPUTES = re.compile(
    # ("(a) declaration of intent date, (b) do I pay a fee": a listed item asks its date)
    r"\b(?:when|deadline|due|cut-?off|last\s+day|how\s+many|how\s+much|what\s+date|what\s+day"
    r"|by\s+what"
    r"|date|who|match|matching|shares?|late|on\s+time|in\s+time"
    r"|public\s+(?:contribution|money|funds?|share|\$))\b"
)


# The words a part set aside asks with (its subject stays: "the declaration of intent").
_ASKING_WORDS = frozenset(
    re.findall(
        r"\w+",
        "and or but so also plus can could do does did is are was were will would should must"
        " may has have if whether they she he we i you it there",
    )
)
_TELLING_WORDS = 7  # a part this long that asks nothing tells (a subject is a few words)
_PAID_A_SUM = re.compile(r"\b(?:paid|spent|charged|cost)\s+(?:us\s+|them\s+)?(?:an?\s+)?\$\d")
_WH = re.compile(r"\b(?:whats|whens|what|when|which|how\s+(?:many|much|long|soon))\b")
_WH_OR_WHO = re.compile(_WH.pattern + r"|\bwho(?:s|m)?\b")
# A count asked by what is needed ("sigs needed, and when …?", "Sig requirement for …"), never
# "the required signatures" describing the petition
_NEEDED = re.compile(r"(?<!\bthe\s)\b(?:needed|required|requirement)\b")
_LIST_ITEM = re.compile(r"[ \t]*(?:[-*•·]|\d{1,2}[.)])[ \t]")  # a line that is a list's row


# A day said in words or figures ("due Wednesday", "due 9/4", "closed Sept. 4").
_SAYS_A_DAY = re.compile(rf"\d|\b(?:{WEEKDAY_FULL}|{MONTH_NAME})\b", re.IGNORECASE)


def without_side_asks(text: str, vetoes: Sequence[str]) -> str | None:
    """`text` without the words of `vetoes`, when every veto is a side ask standing in a part
    that is a question of its own and another part asks what a rule computes; else None (the
    vetoes rule out the whole question)."""
    if not vetoes or not set(vetoes) <= side_asks():
        return None
    kept: list[str] = []
    set_aside = other_asks = False
    for part in _parts(text, vetoes):
        if part.holds_veto:
            # ("for a ballot question, how many …": the veto is the subject; "… right? and no
            # fee?": a part of its own, asked)
            # ("Separately, our first finance report is due in April.": said apart from the
            # question, by its own word)
            # ("And there's no fee for it, right?": a statement put to be confirmed asks too)
            # ("Our attorney thinks the judge may not rule on my running mate's qualifications
            # until June 16": a sentence of its own telling the story, not the question's subject
            # the way "For the filing fee, when …" is; set aside all the same, and said so)
            if not (part.is_question or part.apart or part.confirms or part.tells):
                return None
            set_aside = True
            # (its asking words go with it: "… and can they also run in a party primary if the
            # petition falls short?" leaves "petition falls short", never "can … also", which
            # ask the part set aside, not the main question)
            kept.append(
                " ".join(
                    w for w in unsaid(part.text, vetoes).split() if w.lower() not in _ASKING_WORDS
                )
            )
        else:
            # ("Vacancy certificates … are due Wednesday. What's the deadline for objections
            # to them?": a sentence telling the rule's day asks nothing of it)
            told = not part.asks and _SAYS_A_DAY.search(part.text)
            other_asks = other_asks or (part.asks_computed and not told)
            kept.append(part.text)
    return " ".join(kept) if set_aside and other_asks else None


# A part opened by words that add another question ("Also, …", "PS …", "(b) …", "one more
# thing: …", "Second, …").
_ADDED = re.compile(
    r"^\W*(?:(?:and\s+)?also\b|plus\b|p\.?\s?s\.?(?=\W)|second(?:ly)?\b|2[).](?!\d)|\(b\)"
    r"|one\s+more\s+(?:thing|question)|another\s+(?:question|thing)|other\s+question|separately"
    r"|unrelated(?:ly)?|btw\b|by\s+the\s+way|oh\s+and\b|q2\b|while\s+i\s+have\s+you"
    r"|(?:a\s+)?different\s+(?:topic|question|note)|on\s+(?:a|an)\s+(?:different|other|another)"
    r"\s+note|bonus\s+(?:question|q)|i\s+also\s+(?:need|want|wanted|have)\b)",
    re.IGNORECASE,
)


_OWN_SUBJECT = 4  # content words enough for a part to have a subject of its own


def _content(text: str) -> list[str]:
    """The words of `text` that say something: not small, not generic ("when", "deadline")."""
    return [w for w in words(text) if w not in GENERIC]


def added_questions(text: str) -> list[str]:
    """The parts of `text` that add a question of their own ("Also, does the candidate have to
    live in the district?", "PS what's the fee?", a marker's own part and the question after
    it) asking nothing a rule computes — or a deadline of a subject of its own — and holding no
    number: the caller sets aside those no rule's words are in."""
    found = []
    after_marker = False
    for part in _parts(text, ()):
        added = _ADDED.search(part.text)
        # ("PS does the chair get a vote too": the question opens after the added word)
        # (what the part says after its marker: "2) how long …" holds no number)
        said = part.text[added.end() if added else 0 :]
        asks = (added or after_marker) and (part.asks or _ASKING.search(said.lower()))
        # (a part asking a deadline or a count of its own subject: "Also when are we supposed
        # to run logic and accuracy testing on the tabulators?"; never "also, when is that?")
        computed = part.asks_computed and len(_content(said)) < _OWN_SUBJECT
        # (never a part of no words: "Also, ?" once the question after it was taken out)
        if asks and not computed and words(said) and not any(c.isdigit() for c in said):
            found.append(part.text.strip())
        # ("One more thing: how do I …", "Separately: is there …", "Also our treasurer is
        # locked out -- how do we …": the marker in a part of its own that asks nothing —
        # never one telling a number, an item added to what is told: "plus the $5,000 loan
        # …, which I assume is out", "(Also there are about 2,100 precincts, if that matters.)")
        after_marker = bool(
            added and not (asks and said.strip(" \t)")) and not any(c.isdigit() for c in said)
        )
    return found


# A question opened by its preposition, joined to no question before it ("If the LG withdraws,
# by when is the successor's certificate due?": the condition's own question).
_BY_WHEN = re.compile(r"\W*(?:by|until|till)\s")
# A question of how something is done, which no rule computes ("How does ticket certification
# work?", "and what does a ticket have to file to get certified?").
_PROCEDURE = re.compile(
    r"\W*(?:(?:and|also|but|so|plus)\s+)?(?:how\s+(?:does|do|will|would)\b[^?]*\bwork\b"
    r"|what\s+(?:does|do|must|should)\s+(?:[\w'’-]+\s+){1,4}(?:have|need)\s+to\s+"
    r"(?:file|do|submit|send|bring|provide)\b"
    # ("and do we have to post the proration notice on the website?": a step of the office's)
    r"|(?:do|does|must|will)\s+(?:[\w'’-]+\s+){1,3}(?:have|need)\s+to\s+"
    r"(?:post|publish|notify|announce|advertise|print|mail|e-?mail|notarize|vote|approve)\b)"
)


def asks_a_procedure(question: str) -> bool:
    """Whether `question` asks how something is done, not when, how many or how much."""
    return bool(_PROCEDURE.match(question.lower()))


# A deadline named as a heading's subject ("COC deadline for 2030 —").
_NAMES_A_DEADLINE = re.compile(r"\b(?:deadline|due\s+date|last\s+day|cut-?off)\b")
# A day things may begin, named ("first day distributions can go out", "earliest start").
_FIRST_DAY = re.compile(r"\b(?:first\s+(?:day|date)|earliest)\b")
# A later part naming the deadline it asks ("…, plus the last day to file the application?",
# "… due? also nomination papers deadline to the Secretary?": the filing named first).
_NAMED_DEADLINE_ASKED = re.compile(
    r"\W*(?:and|plus|also)\s+(?:the\s+)?(?:[\w'’-]+\s+){0,3}?" + _NAMES_A_DEADLINE.pattern
)
# A question's own label before it ("2-part:", "Two questions -", "Q:").
_LABEL_BEFORE = re.compile(
    # ("two-parter for the 2030 cycle:", "2 questions about the Fund -")
    r"\W*(?:(?:\w+[\s-])?(?:parts?|parter|questions?|things?)"
    r"(?:\s+(?:for|on|about|re)\s+[^:—–\n]{1,30}?)?|q|quick\s+one)\s*[:—–-]+\s*",
    re.IGNORECASE,
)
_UNFAMILIAR = 2  # words no rule's questions use, enough for a question of another subject
_COUNT_OR_SUM = re.compile(r"\bhow\s+(?:many|much)\b")
_LIST_LABEL = re.compile(r"^\W*(?:[a-z0-9]{1,2}[).]\s*)?")


# A request to confirm the answer asked before ("Can you confirm so I can reply today?"), not
# one asking to confirm something of its own ("can you confirm whether it can be faxed?").
_CONFIRM_IT = re.compile(
    r"\W*(?:and\s+)?(?:can|could|would)\s+you\s+(?:please\s+)?(?:confirm|double[-\s]?check"
    r"|verify)\b(?!\s+(?:whether|if|that|what|when|how|who|the|it))"
)


def later_questions(text: str) -> Iterator[tuple[str, int]]:
    """The questions of `text` after its first one, each by its own words ("… and when will
    the special general be held?") or put to be confirmed ("…, right?"), with where it begins;
    never the tail of one ("… nominated by papers, died in mid-October?") nor a table's row."""
    asked = False
    for part in _parts(text, ()):
        begin, at = part.begin, part.begin + len(part.text)
        # ("Declaration of intent deadline for 2028 unaffiliated candidates — and can …?": a
        # heading naming the deadline asks it, as the question's first part; so does the part
        # after a label of its own asking what a rule computes: "2-part: declaration-of-intent
        # deadline for …, and does he …?", "two-parter: in MA who fills …, and does …?")
        lower = part.text.lower()
        if not part.asks:
            labelled = begin > 0 and _LABEL_BEFORE.fullmatch(text, 0, begin) is not None
            asked = (
                asked
                # ("sigs needed w/ 40,000 voters, and how many pages …?": the count, asked)
                or (begin == 0 and bool(_NAMES_A_DEADLINE.search(lower) or _NEEDED.search(lower)))
                or (
                    labelled
                    and bool(
                        _NAMES_A_DEADLINE.search(lower)
                        or _ASKS_WHAT_A_RULE_COMPUTES.search(lower)
                        or _FIRST_DAY.search(lower)
                    )
                )
            )
            continue
        # ("…, and the deadline to drop out of the program?": a deadline of its own, named)
        own = (
            (_ASKING.search(lower) or _NAMED_DEADLINE_ASKED.match(lower))
            and text.startswith("?", at)
        ) or part.confirms
        # ("Can you confirm so I can reply to him today?": the question before it, put again)
        if (
            asked
            and own
            and "|" not in part.text
            and not _CONFIRM_IT.match(lower)
            and not _BY_WHEN.match(lower)
        ):
            yield part.text, begin
        asked = True


# A question asking yes or no by its auxiliary ("does the Governor candidate's certificate fall
# too, …"), after a condition or a label.
_YES_NO_OPENS = re.compile(
    r"^\W*(?:[a-z0-9]{1,2}[).]\s*)?(?:(?:and|or|but|so|also|first)\s*,?\s+)?"
    rf"(?:{_AUXILIARIES})\b"
)


_SENTENCE_CLOSES = re.compile(r"[?!]|\.(?=\s|$)")
_CONDITION = re.compile(r"^\W*(?:and\s+)?(?:if|suppose|assuming)\b")


def first_yes_no(text: str, later: Sequence[tuple[str, int]]) -> tuple[str, int] | None:
    """The question of `text` before its `later` ones (`later_questions`; none: no such
    question), where it asks yes or no ("If the LG candidate withdraws, does the Governor
    candidate's certificate fall too, and what's the successor's deadline?"): a question of
    its own, which the rule answering the later one may not answer."""
    if not later:
        return None
    for part in _parts(text, ()):
        lower = part.text.lower()
        # (in a sentence its "?" closes: "… chosen at the primary, was found ineligible."
        # tells)
        closing = _SENTENCE_CLOSES.search(text, part.begin + len(part.text))
        if _YES_NO_OPENS.match(lower) and closing is not None and closing.group() == "?":
            return part.text, part.begin
        # (past the condition it is asked on: "If the LG candidate withdraws, …")
        if part.asks and not _CONDITION.match(lower):
            return None
    return None


def unfamiliar_questions(
    text: str, read: Callable[[str], Sequence[str]], unfamiliar: Callable[[str], bool]
) -> list[str]:
    """The questions after the first one in `text` ("…, and can signers use pencil?") that
    ask of a subject of their own: each a question ending at a question mark, or a statement
    put to be confirmed ("…, right?"), holding no number, and saying at least two words
    (`read`: as the matcher reads them) that are not said before it and are no rule's
    (`unfamiliar`); the caller sets aside those no rule's words are in. A follow-up on the
    same subject ("and what would each ticket get?", "is that one delegate or two?") says the
    rules' words, or the question's own again."""
    found = []
    for question, begin in later_questions(text):
        lower = question.lower()
        # (what the part says after a list's label: "2) can the replacement be …" holds no
        # number; nor is a count or a sum asked again in other words, "how many can it send
        # at most?")
        said = _LIST_LABEL.sub("", lower, count=1)
        if (
            not _COUNT_OR_SUM.search(lower)
            and not any(c.isdigit() for c in said)
            and sum(map(unfamiliar, own_words(text, question, begin, read))) >= _UNFAMILIAR
        ):
            found.append(question.strip())
    return found


def own_words(
    text: str, question: str, begin: int, read: Callable[[str], Sequence[str]]
) -> set[str]:
    """The words of `question` (begun at `begin` in `text`; `read`: as the matcher reads them)
    that say something and were not said before it: what it asks of its own."""
    before = set(words(text[:begin]))
    return {w for w in read(question) if w not in GENERIC and w not in before}


# A later part offering another reading of the question before it ("… due Monday, or does she
# have more time?", "or is it something else now?"): the same question, never one of its own.
_OR_ELSE = re.compile(r"^\W*or\b", re.IGNORECASE)


def another_reading(question: str) -> bool:
    """Whether `question` opens with "or": the question before it, asked the other way."""
    return bool(_OR_ELSE.match(question))


# Sentences: after "?" or "!", after "." before a capital or a bracket ("… each. Shares?"),
# never inside "$4.2M" or "Sept. 8"; and at a line break.
_BETWEEN_SENTENCES = re.compile(r"(?<=[?!])\s+|(?<=\.)\s+(?=[A-Z(\[])|\s*\n+\s*")


def without_side_sentences(text: str, vetoes: Sequence[str]) -> str | None:
    """`text` without its sentences holding `vetoes`, when every veto is a side ask, each such
    sentence is a question of its own holding no number ("Also, who do we call at SBE about
    it?") and another sentence asks ("Shares?") of facts the rest states; else None. Whole
    sentences go, so the facts read again from what is left are the main question's alone
    ("who" asked of the SBE is not who fills a vacancy); a side ask said in the main question's
    own sentence ("If a ticket gets public money and the LG withdraws, does it have to
    repay?") is all it asks."""
    if not vetoes or not set(vetoes) <= side_asks():
        return None
    kept: list[str] = []
    side = main = False
    for sentence in _BETWEEN_SENTENCES.split(text):
        lower = sentence.lower().strip()
        asks = bool(_ASKING.search(lower) or _ADDED.search(lower)) or lower.endswith("?")
        if any(veto_said(v, words(sentence)) for v in vetoes):
            # (a sentence stating a number states a fact: never set aside unread)
            if not asks or any(c.isdigit() for c in sentence):
                return None
            side = True
        else:
            main = main or asks
            kept.append(sentence)
    rest = " ".join(kept)
    # (the rest states a fact of its own — a date, an amount, a count: "How many signatures,
    # and which clerks get the petitions?" after "Governor's Council district recount — is a
    # recount automatic?" asks of the recount, the subject of the sentence set aside)
    return rest if side and main and any(c.isdigit() for c in rest) else None


def without_parts(text: str, parts: Sequence[str]) -> str:
    """`text` with each of `parts` (said in it) blanked once, so what is left is read again."""
    for part in parts:
        text = text.replace(part, " ", 1)
    return text


def without_side_parts(text: str, vetoes: Sequence[str]) -> str | None:
    """`text` without its later questions holding `vetoes`, when every veto is a side ask
    said only in such a question, holding no number, after a first question whose facts the
    rest states ("What's each one's share, and when is the recount after the primary?"); else
    None. Like `without_side_sentences`, for a side question asked in the main one's sentence
    after it."""
    if not vetoes or not set(vetoes) <= side_asks():
        return None
    side = [q for q, _ in later_questions(text) if any(veto_said(v, words(q)) for v in vetoes)]
    if not side or any(any(c.isdigit() for c in q) for q in side):
        return None
    # (with its question mark: what is left must ask by itself)
    rest = without_parts(text, [f"{q}?" if f"{q}?" in text else q for q in side])
    if any(veto_said(v, words(rest)) for v in vetoes):
        return None
    # (the rest asks in words of its own: "LG withdrew before the 3/6 cutoff — does the fee
    # come back?" states a day the question after it asks of, and asks nothing itself)
    asks = "?" in rest or _WH.search(rest.lower())
    return rest if asks and any(c.isdigit() for c in rest) else None


def unsaid(text: str, vetoes: Sequence[str]) -> str:
    """`text` without the words of `vetoes` (compared stemmed, as the matcher found them)."""
    veto_words = {w for v in vetoes for w in words(v)}
    return " ".join(w for w in raw_words(text) if stem(w) not in veto_words)


def part_holding(text: str, veto: str) -> str:
    """The part of `text` saying `veto` (the veto itself when no part does)."""
    return next((p.text for p in _parts(text, [veto]) if p.holds_veto), veto)


# A question comparing the answer asked before with another day, or two filings with each
# other ("Is it the same as …", "same as the COC cutoff?", "are the petition and the
# certificate due the same day?").
_COMPARES = re.compile(
    r"^\W*(?:(?:and|or|but|so)\s+)?(?:(?:is|was|are|were|will|would)\s+(?:it|that|this|they|those)"
    r"\s+(?:\w+\s+)?)?(?:(?:on|at)\s+)?(?:the\s+)?same\b|\bsame\s+as\b"
    r"|\band\b.*\bsame\s+(?:day|date|time)\b",
    re.IGNORECASE,
)


def questions_asked(text: str, *, put_as_questions: bool = False) -> list[str]:
    """The parts of `text` that ask what a rule computes ("When is the declaration of intent
    due", "and when is her certificate of candidacy due"; "sigs needed, and when are they
    due?"), when more than one does and one asks with a question word: a question of one
    part was matched for what it asks. Without a question word, only a part of a sentence put
    as a question that says what is needed asks ("sigs needed"). `put_as_questions`: of
    those, only the parts of sentences put as questions ("When somebody's nomination falls
    through we send delegates." tells)."""
    asking: list[tuple[str, bool]] = []
    wh = False
    put_apart = 0  # sentences put as questions of their own, each asking what a rule computes
    for sentence in _BETWEEN_SENTENCES.split(text):
        put = _put_as_question(sentence)
        parts = [p for p in _parts(sentence, ()) if p.text.strip()]
        # ("indie COC deadline for 2030? petition due the same day?": two questions put
        # apart, each asking a day, with no question word)
        # (never a comparison of the answer asked before: "same as the COC cutoff?", "Is it
        # the same as the certificate deadline?", "are the petition and the COC due the same
        # day?")
        computing = [p for p in parts if p.asks_computed and not _COMPARES.search(p.text)]
        alone = computing[0] if put and len(computing) == 1 else None
        put_apart += alone is not None
        for part in parts:
            lower = part.text.lower()
            said_wh = bool(_WH_OR_WHO.search(lower))
            if (part.asks_computed and said_wh) or (put and _NEEDED.search(lower)) or part is alone:
                asking.append((part.text.strip(), put))
                wh = wh or said_wh
    if len(asking) < 2 or not (wh or put_apart >= 2):
        return []
    return [p for p, put in asking if put or not put_as_questions]


def _put_as_question(sentence: str) -> bool:
    """Whether `sentence` is put as a question (it ends in "?")."""
    return sentence.rstrip().endswith("?")


def asking_clauses(text: str) -> Iterator[tuple[str, int, bool]]:
    """The clauses of the sentences of `text` that ask, each with where it begins and whether
    it asks itself (a subject, "Statewide petition candidate", does not), in the order said
    ("… registered voters on 1/1/30. sigs needed, and when are they due?": "sigs needed",
    then "when are they due"); sentences that only tell are left out ("The declaration was
    filed in June.")."""
    at = 0
    for sentence in _BETWEEN_SENTENCES.split(text):
        at = text.find(sentence, at)
        parts = list(_parts(sentence, ()))
        if _put_as_question(sentence) or any(p.asks for p in parts):
            for part in parts:
                if words(part.text):
                    asks = part.asks or part.asks_computed or bool(_NEEDED.search(part.text))
                    yield part.text, at + part.begin, asks
        at += len(sentence)


def asked_besides(text: str, vetoes: Sequence[str]) -> bool:
    """Whether a part of `text` holding none of `vetoes` asks something: "Lee $300 (over the
    limit, we're refunding it). What's matched?" asks beside the limit's words; "When must the
    registrars certify the replacement's signatures?" asks only in the veto's own part."""
    return any(
        part.asks and not part.holds_veto and words(part.text) for part in _parts(text, vetoes)
    )


@dataclass(frozen=True)
class _Part:
    text: str
    begin: int  # where it begins in the text split
    holds_veto: bool  # one of the vetoes is said in it
    is_question: bool  # a question of its own
    asks: bool  # a question, a request ("Please advise …") or a statement to confirm
    apart: bool  # said apart from the question by its own word ("Separately, …")
    confirms: bool  # a statement put to be confirmed ("… no fee for it, right?")
    asks_computed: bool  # it asks what a rule computes
    tells: bool  # a sentence of its own that asks nothing (context, not the question's subject)


def _parts(text: str, vetoes: Sequence[str]) -> Iterator[_Part]:
    """The parts of `text`, each with what it says and asks."""
    at = 0
    for part in _BETWEEN_PARTS.split(text):
        at = text.find(part, at) + len(part)
        begin = at - len(part)
        lower = part.lower()
        # (compared stemmed, as the matcher found them: "who checks the sigs" says "check the
        # signatures", "verify ... signatures" "verify the petition's signatures")
        stems = words(part)
        asked = _ASKING.search(lower) or text.startswith("?", at)
        # ("… is due at 5pm that day, right?": a statement to confirm asks)
        confirms = _CONFIRM_AFTER.match(text, at)
        asks = asked or _REQUEST.search(lower) or _INDIRECT.search(lower) or confirms
        # (a part that asks: "… last day for withdrawals 3/1/30 5pm" and "before the Fri
        # March 8, 2030 deadline." only say the day)
        computed = _ASKS_WHAT_A_RULE_COMPUTES.search(lower) and (
            asks or not any(c.isdigit() for c in part)
        )
        yield _Part(
            text=part,
            begin=begin,
            holds_veto=any(veto_said(v, stems) for v in vetoes),
            is_question=bool(asked),
            asks=bool(asks),
            apart=bool(_APART.search(text[max(0, begin - 24) : begin + 16].lower())),
            confirms=bool(confirms),
            asks_computed=bool(computed),
            # ("Petition status:\n- Carter: 1,120 of 1,250, validated": a pasted list's row)
            # ("…; the ticket also paid a $50 filing fee.": a sum said paid, a fact told)
            tells=not asks
            and (
                len(raw_words(part)) >= _TELLING_WORDS
                or bool(_LIST_ITEM.match(text, text.rfind("\n", 0, begin) + 1))
                or bool(_PAID_A_SUM.search(lower))
            ),
        )


def yes_no_set_aside(facts: Facts, text: str, vetoes: Sequence[str], rest: str) -> Facts:
    """`facts` without the yes-or-no questions asked in the parts of `text` set aside for
    `vetoes` (`rest`: the text without them): "what's the declaration date, and are we allowed
    to charge a filing fee for it?" — the fee's yes-or-no is not what the rest asks. Only when
    another part asks, with a question word, what a rule computes ("If a ticket gets public
    money and the LG withdraws, does it repay?" asks no deadline); else the facts as they are."""
    asking = [p for p in _parts(text, vetoes) if not p.holds_veto and p.asks_computed]
    if not any(_WH.search(p.text.lower()) for p in asking):
        return facts
    kept_words = " ".join(words(rest))
    kept = [
        m
        for m in facts.mentions
        if not (m.role == "asks" and m.value == "yes-no") or " ".join(words(m.span)) in kept_words
    ]
    return (
        facts if len(kept) == len(facts.mentions) else facts.model_copy(update={"mentions": kept})
    )
