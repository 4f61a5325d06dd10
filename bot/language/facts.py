"""Reading labelled facts out of question text: the event (withdrawal, death, …), the office,
whether a ticket is opposed, the state, the kind of election, how a candidate was nominated,
and the public-financing facts of § 15-106(d)(4)."""

from __future__ import annotations

import re
from collections.abc import Iterable

import holidays

from bot.language.askers import not_askers
from bot.language.asks import mention, read_asks
from bot.language.corrections import MARKER, asked_of, uncompared
from bot.language.history import earlier_years_blanked
from bot.language.intents import citations
from bot.language.lexicon import after_a_town, names_origin, negated, said_as_home
from bot.language.nominations import NOMINATIONS
from bot.language.text import blank
from rules.engine.facts import Cause, Election, Event, FactMention, Facts, Office, State
from rules.md.practice import election_of

_EVENTS: list[tuple[Cause, re.Pattern[str]]] = [
    (
        "withdrawal",
        re.compile(
            r"\bwithdr[ae]w(?:s|n|ing)?\b|\bwithdrawal\b|\b(?:dropped|drops?|dropping|pulled|pulls?"
            r"|pulling|bowed|bows?)\s+out\b|\bresign(?:ed|s|ing)?\b|\bquit(?:s|ting)?\b"
            # ("took their name off", "had his name taken off the ballot")
            r"|\b(?:pulled|pulls|took|takes|taking)\s+(?:his|her|their)\s+name\b"
            r"|\bname\s+(?:taken|pulled)\s+off\b"
            r"|\bstepp?(?:ed|s)?\s+(?:down|aside)\b|\b(?:dropped|drops?|dropping|came|comes)\s+off\b"
            # "drop off the signed petition", "drop off my signature sheets" delivers it
            r"(?!\s+(?:the\s+|a\s+|his\s+|her\s+|their\s+|our\s+|my\s+|your\s+|its\s+)?"
            # ("drop off their last petition boxes")
            r"(?:last\s+|final\s+|remaining\s+|other\s+)?"
            r"(?:signed\s+|signature\s+|petition\s+)?"
            r"(?:petitions?|paperwork|papers|forms?|certificates?|sheets?|pages?|declaration"
            r"|signatures|sigs"
            # ("dropped off her COC at 5:20pm", "dropped off 3 boxes")
            r"|cocs?|certificate\s+of\s+candidacy|boxes|box|binders?|documents?|filings?|it|them"
            # ("can they be dropped off up to midnight?", "dropped off at the board by 5")
            r"|\d|up\s+to|at|by|until|till|in\s+person)\b)"
            # "LG cand dropped. wd deadline 3/6/26 …"
            r"|\b(?:candidate|nominee|running\s+mate)\s+(?:has\s+|just\s+)?dropped\b"
            r"(?!\s+(?:off|by|in|the|a|an|her|his|their|our|my)\b)"
            r"|\b(?:left|leaves|leaving|exited|exits)\s+(?:the\s+)?(?:ticket|race)\b"
        ),
    ),
    (
        "death",
        re.compile(
            r"\b(?:died|dies|die|dead|death|deceased|pass(?:ed|es)?\s+away|killed)\b"
            # ("her passing", never "passing along a question" or "passing this on")
            r"|\bpassing\b(?!\s+(?:along|this|it|that|these|on\s+(?:this|that|it|a|the)\b"
            r"|(?:the|a)\s+question))"
            r"|\bpassed\s+on\b"
            # "passed 5/2", "passed yesterday": died (a bare "passed" may be a law or a vote)
            r"|\bpassed\s+(?=\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d"
            r"|yesterday|today|last\s+night|this\s+morning|(?:at|on)\s+\d)"
            # ("Lt Gov candidate passed Saturday 6/15": a person's, never "the bill passed Tuesday")
            r"|(?:(?<=candidate\s)|(?<=mate\s)|(?<=nominee\s)|(?<=\blg\s)|(?<=\bhe\s)|(?<=\bshe\s))"
            r"passed(?=\s+(?:on\s+|last\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day\b)"
        ),
    ),
    (
        "disqualification",
        re.compile(
            r"\bdisqualifi(?:ed|cation|es)\b|\bremoved\s+from\s+the\s+ballot\b"
            r"|\b(?:knocked|thrown|kicked|struck)\s+off(?:\s+the\s+ballot)?\b"
            # "tossed for insufficient signatures", "bounced off the ballot"
            r"|\b(?:tossed|bounced)\s+(?:off\s+the\s+ballot\s+)?for\b|\bbounced\s+off\b"
        ),
    ),
    (
        "ineligibility",
        re.compile(
            r"\bineligib(?:le|ility)\b|\bnot\s+eligible\b|\bno\s+longer\s+(?:eligible|qualified)\b"
            r"|\bcan\s?n?o?'?t\s+(?:legally\s+)?run\b"
            r"|\bmoved\s+out\s+of\s+(?:the\s+)?(?:town|district|state|city|commonwealth)\b"
        ),
    ),
    (
        "disability",
        re.compile(
            r"\b(?:disabled|disability|incapacitated|incapacity|hospitali[sz]ed|in\s+a\s+coma"
            r"|in\s+(?:the\s+)?hospital|(?:very|seriously|gravely|too)\s+(?:sick|ill))\b"
            r"|\b(?:medically|physically|mentally)\s+(?:unable|incapable)\b"
            # "had a stroke, physically can't serve"
            r"|\b(?:physically|medically|mentally)\s+(?:can\s?n?o?['’]?t|cannot|could\s?n['’]?t)\s+"
            r"serve\b|\bhad\s+a\s+(?:massive\s+|major\s+|serious\s+)?stroke\b"
        ),
    ),
]
_TO_EVENT: dict[str, Event | None] = {
    "withdrawal": "withdrawal",
    "death": "death",
    "disqualification": "disqualification",
    "ineligibility": "disqualification",
    "disability": None,
}

# "hospitalized, as opposed to dying or withdrawing": what a contrast names is not the event.
_CONTRASTED = re.compile(
    r"\b(?:as\s+opposed\s+to|rather\s+than|instead\s+of|other\s+than)\b[^.?!;]*"
)
_DENIED = re.compile(
    r"\b(?:not|never|didn'?t|did\s+not|hasn'?t|has\s+not|wasn'?t|no|nobody|no\s+one|none)\s+"
    r"(?:an?\s+)?$"  # ("not a death — a withdrawal")
)

_OFFICE_EXPLICIT = re.compile(
    # ("state-office", "a state-level race", "town level office")
    r"\b(state|city|town)(?:wide)?[\s-]+(?:level[\s-]+)?(?:office|race|seat|contest"
    # ("City Hall closes, state offices don't": the buildings, open or closed)
    r"|offices(?!\s+(?:don['’]?t|do\s+not|are\s+(?:open|closed)|stay|remain)\b))\b"
)
_OFFICES: list[tuple[Office, re.Pattern[str]]] = [
    (
        "state",
        re.compile(
            r"\bstate\s+(?:rep(?:resentative)?s?|senat(?:e|or|ors)|house|legislat\w+)\b|\bstatewide\b"
            # "rep candidate", "senate nominee": a legislative seat said without "state"
            # ("a one-town rep district", "the rep special")
            r"|\b(?:rep(?:resentative)?|senate|senator)\s+(?:candidate|nominee|seat|race|district"
            r"|special|primary)s?\b"
            r"|\b(?:lieutenant\s+|lt\.?\s+)?governor\b|\battorney\s+general\b"
            r"|\bsecretary\s+of\s+(?:the\s+)?(?:commonwealth|state)\b|\btreasurer\b|\bauditor\b"
            r"|\bdistrict\s+attorney\b|\bsheriff\b|\bcongress\w*\b"
            # "3rd Bristol rep special", "the 14th Essex": a Massachusetts legislative district
            r"|\b\d{1,2}(?:st|nd|rd|th)\s+(?:barnstable|berkshire|bristol|essex|franklin|hampden"
            r"|hampshire|middlesex|norfolk|plymouth|suffolk|worcester)\b"
        ),
    ),
    (
        "city",
        re.compile(
            r"\bcity\s+council\w*|\bcity\b|\bmayor\w*|\balder\w*|\bward\b|\bcouncilors?\b"
            # ("the District 7 council special"; never the Governor's Council)
            r"|(?<!governor['’]s\s)(?<!governors\s)(?<!governor\s)(?<!gov\s)(?<!gov\.\s)"
            r"(?<!executive\s)\bcouncil\s+(?:special|seat|race|candidate"
            r"|nominee)s?\b"
        ),
    ),
    (
        "town",
        re.compile(r"\btown\b|\bselect\s*(?:man|men|woman|women|board|person)\b|\bmoderator\b"),
    ),
]
# Committees, clerks, halls and boards fill or are asked; they are no nomination's office ("the
# ward and town committees … our state senate nominee": a state office; "town clerk candidate").
_NOT_OFFICES = re.compile(
    r"\b(?:city|town|ward|state)(?:\s*(?:,|and|or|&|/)\s*(?:city|town|ward|state))*\s+(?:party\s+)?"
    r"(?:committees?|cmtes?|clerks?|clerk'?s\s+office|hall|party|chairs?|registrars?|boards?"
    r"|elections?\s+(?:department|dept|division|office|commission))\b"
    r"(?!\s+(?:candidate|nominee|race|seat))"
    # ("a one-town rep district": what the district is made of)
    r"|\b(?:one|two|three|multi|\d)[-\s]town\b"
)
_OFFICE_NAME = re.compile(
    r"\b(?:state\s+(?:rep(?:resentative)?|senator)|lieutenant\s+governor|lt\.?\s+gov(?:ernor)?"
    r"|governor(?!\s*'?s?\s+council)|attorney\s+general|secretary\s+of\s+(?:the\s+)?(?:commonwealth|state)"
    r"|treasurer|auditor|district\s+attorney|sheriff|mayor|city\s+council(?:or)?"
    r"|select\s*(?:man|men|woman|board)|town\s+(?:clerk|moderator)|school\s+committee)\b"
)

_UNOPPOSED = re.compile(
    r"(?<!\bnot\s)(?<!\bnone\s)(?<!\bneither\s)(?<!\bno\sone\s)(?<!\bnobody\s)"
    r"\bun(?:opposed|contested|challenged)\b|\bno\s+(?:primary\s+)?(?:opponents?|opposition"
    r"|challengers?|competition)\b|\bwithout\s+(?:an?\s+|any\s+)?(?:opponents?|opposition"
    r"|challengers?)\b|\bnot\s+(?:opposed|contested)\b|\b(?:nobody|no\s+one)(?:['’]s|\s+is)?\s+"
    r"(?:running|ran)\s+against\b|\brun(?:s|ning)?\s+alone\b"
)
_OPPOSED = re.compile(
    r"(?<!\bas\s)\bopposed\b|\bcontested\b|\bha(?:s|ve|d)\s+(?:an?\s+|one\s+or\s+more\s+)?(?:primary\s+)?"
    r"(?:opponents?|challengers?)\b|\b(?:not|none|neither|no\s+one|nobody)\s+(?:is\s+|are\s+)?"
    r"unopposed\b"
    # "we do have a Libertarian opponent", "there's a Green Party ticket too"
    r"|\bha(?:s|ve|d)\s+(?:an?\s+)(?:[a-z]+\s+){1,2}(?:opponents?|challengers?)\b|\bfac(?:es|ed|ing)\s+(?:an?\s+)?(?:primary\s+)?"
    r"(?:opponents?|challengers?|opposition)\b"
    # "we face a Republican and an unaffiliated ticket in the general"
    r"|\bfac(?:e|es|ed|ing)\s+(?:an?\s+|two\s+|three\s+|\d\s+)(?:[a-z]+\s+(?:and\s+(?:an?\s+)?)?){0,3}"
    r"(?:tickets?|opponents?|challengers?|slates?)\b|\bcompetitive\b"
    # ("two nominee tickets, each with an opponent in November")
    r"|\b(?:each|both|all)\s+with\s+(?:an?\s+)?(?:opponents?|challengers?|opposition)\b"
)

_STATES: list[tuple[State, re.Pattern[str]]] = [
    # The State Board of Elections is Maryland's (Massachusetts has the Elections Division).
    (
        "md",
        re.compile(
            r"\bmaryland\b|\bMd\.|\bMD\b|\bannapolis\b|\bbaltimore\b|\bSBE\b"
            r"|\bstate\s+board\s+of\s+elections\b",
            re.I,
        ),
    ),
    # Chapter 53 of the General Laws is Massachusetts's ("per c 53 s 14", "M.G.L. c. 53"), and
    # so is the committee of five named on nomination papers (sentence 1).
    (
        "ma",
        re.compile(
            r"\bmassachusetts\b|\bmass\b\.?|\bboston\b|\bm\.?g\.?l\b"
            r"|\bc(?:h(?:apter)?)?\.?\s*53\b|\bcommittee\s+of\s+(?:five|5)\b",
            re.I,
        ),
    ),
]
_STATE_CASED: list[tuple[State, re.Pattern[str]]] = [
    ("md", re.compile(r"\bMD\b|\bMd\.")),
    ("ma", re.compile(r"\bMA\b")),
]

# "NH: can the party replace a nominee who withdraws?", "VA indie for governor": another
# state's postal code, in capitals, names whose law a question asks. Left out: codes that are
# also capitalised words ("OK", "ME", "IN", "MS"), staff shorthand ("GA" is Maryland's General
# Assembly, "SC" a state committee, "CO", "NE", "MO"), and territories.
_OTHER_POSTAL = frozenset(holidays.country_holidays("US").subdivisions) - {
    *("MD", "MA", "AS", "GU", "MP", "PR", "UM", "VI"),
    *("HI", "ID", "IN", "ME", "OH", "OK", "OR", "MS"),
    *("GA", "SC", "CO", "NE", "MO"),
}
_POSTAL_CODE = re.compile(r"(?<![\w.&/-])([A-Z]{2})(?![\w&/-]|\.\w)")


_ELECTIONS: list[tuple[Election, re.Pattern[str]]] = [
    (
        "special-congressional",
        re.compile(
            # ("a special election for a *state senate* vacancy (not congress)": denied)
            r"\bspecial\b[^.?!]{0,60}(?<!not\s)(?<!not\sa\s)\b"
            r"(?:congress\w*|u\.?s\.?\s+house|representative\s+in\s+congress)"
            # ("the CD special", "the congressional district 7 special")
            r"|\bcongress\w*(?:\s+district(?:\s+\d+)?)?\s+special\b"
            # ("the member for CD-3 announced she's resigning …, so we expect a special")
            r"|\b(?:congress\w*|u\.?s\.?\s+house)\b[^.?!]{0,90}"
            r"\b(?:special\s+(?:election|primary)|(?<!not\s)(?:a|the)\s+special(?!\s+session))\b"
            # "Hypo: vacancy in MD-6; governor's proclamation …": a House seat's vacancy
            r"|\bvacanc\w*\s+(?:in|for)\s+(?:the\s+)?(?:md|congressional\s+district)[-\s]?\d+\b"
        ),
    ),
    ("presidential", re.compile(r"\bpresident(?:ial)?\b")),
    (
        "gubernatorial",
        re.compile(
            r"\bgubernatorial\b|(?<!lieutenant )(?<!lt\. )(?<!lt )(?<!lt-)(?<!lg/)"
            # ("an independent governor candidate", "the 2034 governor cycle", "indie gov cands")
            r"\bgov(?:ernor|\.)?(?:'?s)?\s+(?:race|election|year|cycle|candidates?|candidacy|cands?"
            r"|hopefuls?)\b"
            r"|\b(?:for|elects?\s+(?:a|the))\s+governor\b"
        ),
    ),
    (
        "regular",
        re.compile(r"\bregular\s+(?:\d{4}\s+)?(?:(?:general\s+)?(?:election|cycle)|general|gen)\b"),
    ),
]
# A special election's office that is no seat in Congress's House (Maryland's § 5-703 provides
# for a special election only to fill a vacancy for Representative in Congress).
_SPECIAL_OFFICE = re.compile(
    r"\b(?:state\s+senat\w*|senate\s+(?:seat|vacancy|district)|house\s+of\s+delegates|hod"
    r"|u\.?\s?s\.?\s+senat\w*|county\s+(?:council|executive|commission)|city\s+council"
    r"|legislative\s+district|delegate\s+district|mayor\w*"
    # ("a special election for a council seat", "the sheriff special", "school board special")
    r"|council(?:\s+(?:seat|member|district))?|sheriff|school\s+board|board\s+of\s+education"
    r"|state['’]?s\s+attorney|register\s+of\s+wills|clerk\s+of\s+(?:the\s+)?court"
    r"|orphans['’]?\s+court|county\s+commissioners?|alderm[ae]n|town\s+commission\w*)\b"
)
_SPECIAL = re.compile(
    # ("the April 6 special senate primary", "a special state election")
    r"\bspecial\s+(?:[a-z]+\s+)?(?:election|primary|general)\b"
    # ("the 14th Essex rep special", "State senate special (Worcester & Middlesex)", "the
    # District 7 council special")
    r"|\b(?:a|the|this|that|upcoming|coming|[\w-]*\d|reps?|representative|senate|senator"
    r"|council|councilor|house|seat|legislative|mayoral)\s+special\b"
    # ("the 2026 special act", "the special law": a law of its own, no election)
    r"(?!\s+(?:session|interest|counsel|assistant|needs|order|rules?|case|acts?|laws?|legislation"
    r"|statutes?|provisions?)\b)"
)
_EITHER_STATE = re.compile(r"\s*(?:,|/|or|and|vs\.?|versus|&)\s*")
# "primary" or "general" on its own, not "attorney general", "general assembly", "in general".
_BARE_STAGE = re.compile(
    r"(?<!attorney\s)(?<!\bin\s)\b(primary|general)\b(?!\s+(?:assembly|counsel|fund|question))"
)

_NOT = r"(?:did\s*n[o']?t|didnt|never|has\s*n[o']?t|hasnt|have\s*n[o']?t|havent|was\s*n[o']?t|not)"
_GOT = r"(?:get|got|receive|received|take|took|taken|accept|accepted|qualify\s+for)"
_PUBLIC = (
    r"(?:any\s+|a\s+)?(?:primary\s+)?(?:public\s+)?(?:money|funds?|funding|contributions?"
    r"|financing|matching\s+funds|match(?:ing\s+money)?|distributions?|\$)"
)
_RECEIVED_NO = re.compile(
    _NOT + r"\s+" + _GOT + r"\s+" + _PUBLIC + r"(?:\s+in\s+the\s+primary)?"
    r"|\bno\s+(?:primary\s+)?public\s+(?:money|funds?|contributions?)\b"
    r"|\bno\s+primary\s+(?:money|funds?|match(?:ing\s+funds)?|public\s+match|distributions?"
    r"|contributions?|\$)"
    # "took no public money in the primary", "got no primary $"
    # ("took no primary FCFF money": the Fund named)
    r"|\b(?:got|received|took|accepted)\s+no\s+(?:primary\s+)?"
    r"(?:public|fair\s+campaign\s+financing\s+fund)\s+(?:money|funds?|funding"
    r"|contributions?|financing|\$)"
    r"|\b(?:skipped|declined|opted\s+out\s+of|passed\s+on|turned\s+down|refused|rejected)\s+"
    r"(?:the\s+)?(?:primary\s+(?:public\s+)?|public\s+)"  # ("skipped primary funding")
    r"(?:money|funds?|funding|financing|contributions?)"
)
# Received: public money named as such ("received contributions of $25" are private ones).
_RECEIVED_YES = re.compile(
    r"\b(?:got|received|receiving|took|accepted|did\s+get|did\s+receive|did\s+take|did\s+accept)\s+"
    r"(?:any\s+|a\s+|the\s+|its\s+|their\s+|our\s+)?"
    r"(?:(?:primary\s+)?public\s+(?:money|funds?|funding|contributions?|financing)"
    r"|primary\s+(?:money|funds?|contributions?|match(?:ing\s+funds)?|\$)|public\s+\$|matching\s+funds"
    r"|fair\s+campaign\s+financing\s+fund\s+money)"
    r"(?:\s+in\s+the\s+primary)?"
)
_EXCEEDED_NO = re.compile(
    _NOT + r"\s+(?:exceed|go\s+over|went\s+over|overspend|surpass|break|pass)\b"
    r"|\bstay(?:ed|s)?\s+(?:under|within|below)\b|\b(?:within|under|below)\s+the\s+(?:primary\s+)?"
    r"(?:expenditure\s+|spending\s+)?(?:limit|cap)\b"
)
_EXCEEDED_YES = re.compile(
    r"\b(?:exceeded|exceeds|went\s+over|goes\s+over|overspent|over\s*spent|surpassed|broke"
    r"|blew\s+(?:through|past)|(?:spent|went|gone)\s+(?:way\s+|well\s+)?past)\b|\bspent\s+more\s+than\s+the\s+(?:primary\s+)?"
    r"(?:expenditure\s+|spending\s+)?(?:limit|cap)\b|\bover\s+the\s+(?:primary\s+)?(?:expenditure\s+|spending\s+)?"
    r"(?:limit|cap)\b"
)


# "Opposed: yes. Received primary contribution: yes. Exceeded primary limit: no."
_ANSWER = r"\s*[:=]\s*(yes|no|y|n|true|false)\b"
_LABELLED_FLAGS: list[tuple[str, re.Pattern[str]]] = [
    ("opposed", re.compile(r"\bopposed" + _ANSWER)),
    (
        "received_primary",
        re.compile(
            r"\breceived\s+(?:a\s+)?primary\s+(?:public\s+)?(?:contribution|money|funds?)" + _ANSWER
        ),
    ),
    (
        "exceeded_primary_limit",
        re.compile(
            r"\bexceeded\s+(?:the\s+)?primary\s+(?:expenditure\s+|spending\s+)?limit" + _ANSWER
        ),
    ),
]


def _cites(low: str, facts: Facts) -> None:
    """Each subsection the question names ("5-703(f)", "§ 15-106(b)(2)"), as "5-703(f)"."""
    for m in citations(low):
        cited = m.group(0).lstrip("§ ")
        if "(" in cited:
            mention(facts, "cites", cited, m)


def _first(low: str, table: Iterable[tuple[str, re.Pattern[str]]]) -> list[tuple[int, str]]:
    return [(m.start(), label) for m, label in _first_matches(low, table)]


def _corrected(low: str, hits: list[tuple[re.Match[str], str]]) -> list[tuple[re.Match[str], str]]:
    """ "Our LG candidate withdrew — sorry, correction, she was disqualified": an event the
    question takes back with a correction is not one of its events."""
    kept = list(hits)
    for marker in MARKER.finditer(low):
        after = [h for h in kept if marker.end() <= h[0].start() <= marker.end() + 40]
        before = [h for h in kept if h[0].end() <= marker.start()]
        if after and before and after[0][1] != before[-1][1]:
            kept.remove(before[-1])
    return kept


def _first_matches(
    low: str, table: Iterable[tuple[str, re.Pattern[str]]]
) -> list[tuple[re.Match[str], str]]:
    """Each label's first match, in text order."""
    hits = []
    for label, rx in table:
        m = rx.search(low)
        if m:
            hits.append((m, label))
    return sorted(hits, key=lambda hit: hit[0].start())


_CLAUSE_END = re.compile(r"[.?!;:]\s|\s[-–—]\s")
_SUBJECT_REACH = 90  # characters an office may stand before its event ("the LG candidate … died")
# "the governor candidate's running mate": a possessive names whose, not who; so does an office
# after a preposition ("ran with one of the governor candidates", "mate of the governor").
# So does an office naming a ticket ("the running mate on one of the governor tickets").
_POSSESSIVE = re.compile(r"(?:\s+(?:candidate|nominee))?\s*['’]s?\b|\s+tickets?\b")
# "the person running for lieutenant governor alongside our governor candidate died": the
# office one runs *for* is the subject's own; one named *alongside* it is another's.
_AFTER_PREPOSITION = re.compile(
    r"\b(?:with|alongside|beside|of|(?<!running\s)(?<!candidate\s)(?<!nominee\s)for|on|to|from"
    r"|by)\s+(?:one\s+of\s+)?(?:the|a|an|his|her|their|our)?\s*$"
)


_IN_ASIDE = re.compile(r"[^(]*\)")


def event_subject(low: str, facts: Facts) -> None:
    """Whose event it is: the office named last before the event in its clause, not counting
    one that only says whose ("the governor candidate's running mate died", "the vice governor
    who ran with one of the governor candidates died": the LG; "the top of the ticket died":
    the Governor candidate) becomes an `event_office` mention."""
    event = next((m for m in facts.mentions if m.role == "event"), None)
    if event is None:
        return
    before = [
        m
        for m in facts.mentions
        if m.role == "office"
        and m.start < event.start
        and event.start - m.start <= _SUBJECT_REACH
        and not _CLAUSE_END.search(low, m.start, event.start)
        and not _POSSESSIVE.match(low, m.start + len(m.span))
        # "my husband's running mate (he's running for governor) died": an aside names another
        and not _IN_ASIDE.match(low, m.start, event.start)
    ]
    subjects = [
        m for m in before if not _AFTER_PREPOSITION.search(low, max(0, m.start - 20), m.start)
    ]
    if subjects or before:
        subject = max(subjects or before, key=lambda m: m.start)
        facts.mentions.append(
            FactMention(
                role="event_office", value=subject.value, span=subject.span, start=subject.start
            )
        )


def _spaces(m: re.Match[str]) -> str:
    return " " * len(m.group(0))


def _near_primary(low: str, m: re.Match[str]) -> bool:
    window = low[max(0, m.start() - 40) : m.end() + 40]
    return "primary" in window


def read_labelled_facts(raw: str, low: str, cues: list[tuple[int, int, str]], facts: Facts) -> None:
    """Fill `facts`' labelled fields from the question (`raw` cleaned, `low` lower-cased;
    `cues` are the date-role cues, so a withdrawal *deadline* is not read as a withdrawal)."""
    not_askers(low, facts)
    # A withdrawal *deadline* is not a withdrawal event, nor is one told of an earlier year.
    event_text = earlier_years_blanked(low, low)
    for start, end, _ in (cue for cue in cues if cue[2] == "withdrawal_deadline"):
        event_text = blank(event_text, start, end)
    for m in _CONTRASTED.finditer(event_text):
        event_text = blank(event_text, m.start(), m.end())
    # "she didn't withdraw, she died": a denied event is no event.
    for _, rx in _EVENTS:
        for m in rx.finditer(event_text):
            if _DENIED.search(event_text, max(0, m.start() - 16), m.start()):
                event_text = blank(event_text, m.start(), m.end())
    cause_hits = _corrected(event_text, _first_matches(event_text, _EVENTS))
    causes = [(m.start(), label) for m, label in cause_hits]
    if causes:
        facts.cause = causes[0][1]  # type: ignore[assignment]
        mention(facts, "event", cause_hits[0][1], cause_hits[0][0])
        kinds = {_TO_EVENT[c] for _, c in causes} - {None}
        if len(kinds) == 1:
            facts.event = kinds.pop()
        elif len(kinds) > 1:
            facts.problems.append(
                "the question mentions more than one of withdrawal, death and disqualification"
            )

    # "Not a town office - it's a state senate seat": a negated office is not the question's.
    # ("the same 72 hours as for state offices?": an office named to compare with, uncompared)
    named = [
        (m.start(), m.group(1))
        for m in _OFFICE_EXPLICIT.finditer(low)
        if not negated(low, m.start())
    ]
    explicit = uncompared(low, named)
    for_office = _NOT_OFFICES.sub(_spaces, low)
    offices = explicit or uncompared(
        low, [(at, label) for at, label in _first(for_office, _OFFICES) if not negated(low, at)]
    )
    if len(offices) == 1:
        facts.office = offices.pop()  # type: ignore[assignment]
    # (not an office denied: "No governor/LG involved")
    name = next((m for m in _OFFICE_NAME.finditer(low) if not negated(low, m.start())), None)
    facts.office_name = name.group(0) if name else None

    unopposed = _UNOPPOSED.search(low)
    opposed = _OPPOSED.search(_UNOPPOSED.sub(_spaces, low))
    if unopposed and not opposed:
        facts.opposed = False
        mention(facts, "opposed", "unopposed", unopposed)
    elif opposed and not unopposed:
        facts.opposed = True
        mention(facts, "opposed", "opposed", opposed)

    # "MA, not MD": a state the question says it is not about is not its state; both named
    # ("a Maryland law student comparing … in Massachusetts"): to the other facts, no error.
    state_hits = [
        (m, label)
        for table in (_STATES, _STATE_CASED)
        for label, rx in table
        for m in rx.finditer(raw)
        if not negated(low, m.start())
    ]
    state_hits.sort(key=lambda hit: hit[0].start())
    other = next((hit for hit in state_hits if hit[1] != state_hits[0][1]), None)
    if other is not None and _EITHER_STATE.fullmatch(low, state_hits[0][0].end(), other[0].start()):
        state_hits = []  # "Maryland or Massachusetts?", "MD vs MA": which one is the question
    if state_hits:
        # Both named: the one the asking sentence names alone ("In Mass. … but this is the Maryland
        # side: … how many?"), else the first ("City of Springfield (MA) To: … MD SBE").
        asked = [h for h in state_hits if asked_of(raw, h[0].start())]
        hit = asked[0] if len({label for _, label in asked}) == 1 else state_hits[0]
        facts.state = hit[1]  # type: ignore[assignment]
        mention(facts, "state", hit[1], hit[0])
    # (a message typed in capitals has every word in capitals: no code is told apart there)
    shouting = sum(c.islower() for c in raw) < sum(c.isupper() for c in raw)
    for m in _POSTAL_CODE.finditer("" if shouting else raw):
        if (
            m.group(1) in _OTHER_POSTAL
            and not names_origin(raw, m.end())
            and not after_a_town(raw, m.start())
            and not said_as_home(raw, m.start())
        ):
            mention(facts, "other_state", m.group(1), m)

    # ("the 2028 general (not the special congressional)": a denied election is not the one)
    elections = [hit for hit in _first_matches(low, _ELECTIONS) if not negated(low, hit[0].start())]
    if elections:
        priority: list[str] = [e for e, _ in _ELECTIONS]
        # (of two regular elections named, the one the question's year holds)
        unlike = {"presidential", "gubernatorial"} - {election_of(facts.year or 1)}
        m, election = min(elections, key=lambda e: (e[1] in unlike, priority.index(e[1])))
        facts.election = election  # type: ignore[assignment]
        mention(facts, "election", election, m)
    else:
        special = next((m for m in _SPECIAL.finditer(low) if not negated(low, m.start())), None)
        if special:
            # "the special primary is 4/4/28", "indep in the upcoming CD-3 special": a special
            # election, of no kind said (which one a rule's state holds is the rule's business)
            mention(facts, "election_word", "special", special)
            # "District 33 senate seat just opened up -- … in the special?": another office's
            office = _SPECIAL_OFFICE.search(low)
            if office and not negated(low, office.start()):
                mention(facts, "detail", "special-other-office", office)
    nominations = _first_matches(low, NOMINATIONS)
    # "nominated by caucus — no wait, by nomination papers": the route said after a correction
    route = next(
        (
            hit
            for hit in nominations[1:]
            if any(
                0 <= hit[0].start() - m.end() <= 24 and m.start() >= nominations[0][0].end()
                for m in MARKER.finditer(low)
            )
        ),
        nominations[0] if nominations else None,
    )
    if route:
        facts.nomination = route[1]  # type: ignore[assignment]
        mention(facts, "nomination", route[1], route[0])

    no = next((m for m in _RECEIVED_NO.finditer(low) if _near_primary(low, m)), None)
    yes = next(
        (
            m
            for m in _RECEIVED_YES.finditer(_RECEIVED_NO.sub(_spaces, low))
            if _near_primary(low, m)
        ),
        None,
    )
    if no:
        facts.received_primary = False
    elif yes:
        facts.received_primary = True
    if _EXCEEDED_NO.search(low):
        facts.exceeded_primary_limit = False
    elif _EXCEEDED_YES.search(low):
        facts.exceeded_primary_limit = True
    # A form's "Exceeded primary limit: no" says the answer itself, whatever its words are.
    for flag, label in _LABELLED_FLAGS:
        said = label.search(low)
        if said:
            setattr(facts, flag, said.group(1) in ("yes", "y", "true"))
    read_asks(low, facts)
    _cites(low, facts)
    # "proration, primary: fund 3M …", "…; general. pro rata?": a bare "primary" or "general"
    # says which election's money, when it is the only one of the two said and no phrase said it.
    if not facts.values("stage"):
        bare = {m.group(1): m for m in _BARE_STAGE.finditer(low)}
        if len(bare) == 1:
            ((word, m),) = bare.items()
            mention(facts, "stage_word", word, m)
