"""Numbers written in words ("twenty-two thousand five hundred", "eleven hundred and one", "the
fifth of June") as digits, by `text_to_num` (text2num), before dates, sums and counts are read.

Only runs of number words are converted, each on its own, so every other character keeps its
place (`Expanded.substitute` carries positions). text2num leaves small numbers standing alone
("one of the tickets", "two tickets") and "first Monday" as they are; `Facts` reads those in
words where they mean something.
"""

from __future__ import annotations

import re

from text_to_num import alpha2digit

from bot.language.lexicon import Expanded
from bot.language.months import MONTH_NAME
from bot.language.times import AMPM

# Small counts said in words: WORD_NUMBERS their values, IN_WORDS "two" … "ten" as a pattern
# ("both" is two tickets, never a count said again or said "of each").
WORD_NUMBERS = dict(both=2, two=2, three=3, four=4, five=5, six=6, seven=7, eight=8, nine=9, ten=10)
IN_WORDS = "|".join(w for w in WORD_NUMBERS if w != "both")
_UNITS = (
    "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen"
    "|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
)
_UNIT_LIST = _UNITS.split("|")  # one … nineteen, then the tens twenty … ninety
_ONES = "|".join(_UNIT_LIST[:9])
_TEENS = "|".join(_UNIT_LIST[9:19])
_BELOW_TWENTY = "|".join(_UNIT_LIST[:19])
_TENS = "|".join(_UNIT_LIST[19:])
# How many of a scale ("a", "two", "2" million): never the digits after a decimal point or a
# thousands comma ("1.4 million and 700 thousand" is two sums).
_HOW_MANY_OF_A_SCALE = rf"(?<![\d.,])\b(a|one|{_BELOW_TWENTY}|\d{{1,3}})"
_ORDINALS = (
    "first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth"
    "|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth"
    "|thirtieth"
)
_SCALES = "hundred|thousand|million|billion"
_WORD = rf"(?:{_UNITS}|{_SCALES}|{_ORDINALS})"
# A run of number words: "twenty-two thousand five hundred", "eleven hundred and one"; it starts
# with a number, not a scale ("4 million" is read with its digits).
# "and" joins after "hundred" and "thousand" ("two thousand and six"), never after a million:
# "five million and two tickets" is a sum and a count.
_RUN = re.compile(
    rf"\b(?:{_UNITS}|{_ORDINALS})(?:(?:[\s-]+|(?<!million)(?<!billion)\s+and\s+){_WORD})*\b",
    re.IGNORECASE,
)
# A year said as two numbers ("twenty twenty-eight", "twenty thirty four"): text2num would read
# "20 28". The second is ten or more, so "twenty five" stays 25.
_YEAR_SAID = re.compile(
    rf"\btwenty[\s-]+(?:(?P<teen>{_TEENS})|(?P<tens>{_TENS})(?:[\s-]+(?P<unit>{_ONES}))?)\b",
    re.IGNORECASE,
)
# "one and a half million", "2 and a half million": text2num would read "1 and a half 1000000".
_AND_A_HALF = re.compile(
    rf"\b({_UNITS}|\d+)\s+and\s+a\s+half\s+(million|thousand|billion)\b", re.IGNORECASE
)
# "one point two million": text2num would read "1.2 1000000"; "point eight million" (no whole
# number said) is 0.8 million, never 8 million.
# "two point five mil" too: staff shorten the scale.
_POINT = re.compile(
    rf"\b(?:({_UNITS}|zero|\d+)\s+)?point\s+({_UNITS}|\d+)\s+(million|thousand|billion|mil|mm)\b",
    re.IGNORECASE,
)
# "4 tickets @ one mil each": a small number said before a shortened scale, which text2num
# does not know.
_SHORT_SCALE = re.compile(rf"\b({_BELOW_TWENTY})\s+(mil|mm)\b", re.IGNORECASE)
# "5 million 400 thousand": one sum, which would otherwise be read as two.
_MILLION_THOUSAND = re.compile(
    r"(?<![\d.,])\b(\d{1,3})\s+million\s+(\d{1,3})\s+thousand\b", re.IGNORECASE
)
# "27 thousand 9 hundred and 5": digits and scale words in one number (text2num leaves them)
_THOUSAND_HUNDRED = re.compile(
    r"\b(\d{1,3})\s+thousand,?\s+(\d)\s+hundred(?:\s+and\s+(\d{1,2})\b|\s+(\d{1,2})\b)?",
    re.IGNORECASE,
)

# "2 thousand 250", "4 thousand and 12": thousands, then the rest in digits.
_THOUSAND_REST = re.compile(
    r"\b(\d{1,3})\s+thousand\s+(?:and\s+)?(\d{1,3})\b(?![.,]\d|\s*(?:%|hundred|thousand|million))",
    re.IGNORECASE,
)


def _thousand_rest(m: re.Match[str]) -> str:
    return str(int(m.group(1)) * 1000 + int(m.group(2)))


def _thousand_hundred(m: re.Match[str]) -> str:
    rest = int(m.group(3) or m.group(4) or 0)
    return str(int(m.group(1)) * 1000 + int(m.group(2)) * 100 + rest)


_SMALL = {w: str(i) for i, w in enumerate(_UNIT_LIST[:20], start=1)}


def _point(m: re.Match[str]) -> str:
    said = (m.group(1) or "0").lower()
    whole = "0" if said == "zero" else _SMALL.get(said, said)
    tenths = _SMALL.get(m.group(2).lower(), m.group(2))
    return f"{whole}.{tenths} {m.group(3)}"


def _short_scale(m: re.Match[str]) -> str:
    return f"{_SMALL[m.group(1).lower()]} {m.group(2)}"


def _half(m: re.Match[str]) -> str:
    whole = _SMALL.get(m.group(1).lower(), m.group(1))
    return f"{whole}.5 {m.group(2)}"


_BIG = {"thousand": 1, "million": 2, "billion": 3}
_TOKEN = re.compile(r"\S+|\s+")


def _one_number_each(words: str) -> list[str]:
    """ "two million three million and one point five million" said as a list: a number's
    thousand/million/billion come in falling order, so a scale as large as the one before
    starts the next number ("two million", "three million")."""
    parts: list[str] = []
    tokens = _TOKEN.findall(words)
    start, last_big, since_big = 0, 99, 0
    for i, token in enumerate(tokens):
        big = _BIG.get(token.lower().strip("-"))
        if big is None:
            continue
        if big >= last_big:
            parts.append("".join(tokens[start:since_big]))
            start = since_big
        last_big, since_big = big, i + 1
    parts.append("".join(tokens[start:]))
    return [p for p in parts if p.strip()]


def _digits(m: re.Match[str]) -> str:
    numbers = _one_number_each(m.group(0))
    if len(numbers) > 1:
        return " ".join(_in_digits(n.strip()) for n in numbers)
    return _in_digits(m.group(0))


def _in_digits(words: str) -> str:
    converted = alpha2digit(words, "en")
    # text2num leaves a lone small number in words; a trailing " and" is not part of it.
    return converted if any(c.isdigit() for c in converted) else words


# "march six", "june twenty one": a day of the month said as a cardinal (text2num leaves a
# small number alone, and ordinals are read as dates already). Not after "may", a verb too.
_MONTH_DAY_SAID = re.compile(
    # (the stop of an abbreviation only, "Sept. one"; "in March. One of …" ends a sentence)
    rf"\b(?P<month>(?!may\b)(?:{MONTH_NAME}))(?:(?:(?<=\b[a-z]{{3}})|(?<=\bsept))\.)?\s+"
    rf"(?P<day>(?:twenty|thirty)[\s-]+(?:{_BELOW_TWENTY})|{_UNITS})\b"
    # "june twenty-third" is an ordinal, read as a date already
    rf"(?![\s-]+(?:{_ORDINALS}|{_UNITS})\b)",
    re.IGNORECASE,
)


# "the second of April", "April first": text2num leaves "first" and "second" (also "a second",
# "the first Tuesday"); said of a month they are the 1st and the 2nd.
_SECOND_OF_MONTH = re.compile(
    rf"\b(?:(?P<the>the\s+)(?P<nth>first|second)(?=\s+of\s+(?:{MONTH_NAME})\b)"
    rf"|(?P<month>(?!may\b)(?:{MONTH_NAME}))\s+(?P<nth2>first|second)\b(?!-)"
    rf"(?!\s+(?:{_UNITS}|{_ORDINALS}|week|half|quarter|round|time)\b))",
    re.IGNORECASE,
)


def _second_of_month(m: re.Match[str]) -> str:
    day = "1st" if (m.group("nth") or m.group("nth2")).lower() == "first" else "2nd"
    return f"{m.group('the')}{day}" if m.group("the") else f"{m.group('month')} {day}"


def _said(words: list[str]) -> int:
    """ "twenty", "one" → 21: a tens word and a unit (or a teen) said apart."""
    at = [_UNIT_LIST.index(w.lower()) for w in words]
    return sum((i - 17) * 10 if i >= 19 else i + 1 for i in at)


def _month_day_said(m: re.Match[str]) -> str:
    day = _said(re.split(r"[\s-]+", m.group("day")))
    return f"{m.group('month')} {day}" if 1 <= day <= 31 else m.group(0)


def _year_said(m: re.Match[str]) -> str:
    return str(2000 + _said([w for w in (m.group("teen"), m.group("tens"), m.group("unit")) if w]))


def _million_thousand(m: re.Match[str]) -> str:
    return f"{int(m.group(1)) * 1000 + int(m.group(2))} thousand"


_HOUR_WORDS = "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
# "quarter past nine", "half past 10", "a quarter to twelve": a time of day said in words.
_CLOCK_SAID = re.compile(
    r"\b(?:a\s+)?(?P<part>quarter|half)\s+(?P<dir>past|after|to|of|till|before)\s+"
    rf"(?P<hour>{_HOUR_WORDS}|1[0-2]|[1-9])\b"
    r"(?:\s+o['’]?\s?clock\b)?",
    re.IGNORECASE,
)


def _clock_said(m: re.Match[str]) -> str:
    hour = int(_SMALL.get(m.group("hour").lower(), m.group("hour")))
    minutes = 30 if m.group("part").lower() == "half" else 15
    if m.group("dir").lower() in ("past", "after"):
        return f"{hour}:{minutes:02d}"
    if minutes == 30:  # ("half to nine" is no English time)
        return m.group(0)
    return f"{(hour - 2) % 12 + 1}:45"


# "five in the afternoon", "nine p.m.": an hour in words said with its part of the day, read as
# `times` reads "5 in the afternoon" (text2num leaves a small number alone; a bare one stays).
_HOUR_SAID = re.compile(rf"\b(?P<hour>{_HOUR_WORDS})(?=\s*{AMPM})", re.IGNORECASE)


def _hour_said(m: re.Match[str]) -> str:
    return _SMALL[m.group("hour").lower()]


# "tuesday night at 10", "that evening around 9:30": an hour said of a night is p.m.
_NIGHT_HOUR = re.compile(
    r"\b(?P<when>night|evening)\s+(?P<at>(?:at|around|about)\s+(?:like\s+)?)"
    r"(?P<hour>[1-9]|1[01])(?P<min>:[0-5]\d)?\b(?!\s*(?:[ap]\.?\s?m\b|o['’]?\s?clock|:\d|/))",
    re.IGNORECASE,
)


def _night_hour(m: re.Match[str]) -> str:
    return f"{m.group('when')} {m.group('at')}{m.group('hour')}{m.group('min') or ''} pm"


# "three hundred and twelve thousand, four hundred", "four million, two hundred ten thousand":
# a comma after a scale word, before the rest of the same number (a smaller scale follows).
_COMMA_IN_NUMBER = re.compile(
    rf"\b(?P<scale>thousand|million|billion),(?=(?P<rest>\s+(?:and\s+)?(?:{_UNITS})"
    rf"(?:[\s-]+(?:{_UNITS}|{_SCALES}))*)\b)",
    re.IGNORECASE,
)
_SCALE_SIZE = {"hundred": 0, **_BIG}


def _comma_in_number(m: re.Match[str]) -> str:
    """The comma kept when what follows is another number: one with a scale as large ("three
    hundred thousand, two hundred fifty thousand" is a list), or a bare small one ("two million,
    three tickets")."""
    scales = [_SCALE_SIZE[w] for w in re.findall(_SCALES, m.group("rest").lower())]
    if not scales or max(scales) >= _BIG[m.group("scale").lower()]:
        return m.group(0)
    return m.group("scale") + " "


# "two-fifty from Dr. Ames", "one-twenty-five": hundreds said the short way (never a time of
# day, "one-thirty pm").
_SHORT_HUNDREDS = re.compile(
    rf"\b(?P<h>{_ONES})-(?P<t>{_TENS})(?:-(?P<o>{_ONES}))?\b(?!\s*(?:{AMPM}|o['’]?\s?clock))",
    re.IGNORECASE,
)


# "two hundred, one fifty, one hundred": hundreds said the short way with a space, in a list
# or before "dollars" (never "one fifty-dollar check"; "at one thirty" is read as a time first).
_SPOKEN_HUNDREDS = re.compile(
    rf"\b(?P<h>{_ONES})\s+(?P<t>{_TENS})(?:[\s-](?P<o>{_ONES}))?\b"
    r"(?=\s*(?:[,;)]|\.(?!\d)|\band\b|\bdollars?\b|\bbucks\b|$))",
    re.IGNORECASE,
)


def _short_hundreds(m: re.Match[str]) -> str:
    tens = (_UNIT_LIST.index(m.group("t").lower()) - 17) * 10  # twenty is index 19
    ones = int(_SMALL[m.group("o").lower()]) if m.group("o") else 0
    return str(int(_SMALL[m.group("h").lower()]) * 100 + tens + ones)


# "half a dozen $20 donations", "a dozen people gave $10 each", "a pair of $100 checks": counts
# said by the dozen or the pair (never "a couple", which staff use loosely for "a few").
_DOZEN = re.compile(
    r"\b(?:(half)\s+a|(a|one|two|three|four)|(\d{1,2}))\s+dozens?\b|\b(a\s+pair)\s+of\b",
    re.IGNORECASE,
)
_DOZENS = {"a": 12, "one": 12, "two": 24, "three": 36, "four": 48}


def _dozen(m: re.Match[str]) -> str:
    half, word, digits, pair = m.groups()
    if pair:
        return "2"
    return str(6 if half else _DOZENS[word.lower()] if word else 12 * int(digits))


# "a hundred fifty dollars": "a" is one hundred (text2num reads only "one hundred").
_A_SCALE = re.compile(r"\ba(?=\s+(?:hundred|thousand)\b)", re.IGNORECASE)
# "a million and a quarter", "two million and a half": the scale and that part of it.
_SCALE_AND_A_PART = re.compile(
    _HOW_MANY_OF_A_SCALE + r"\s+(million|thousand|billion)\s+and\s+a\s+"
    r"(quarter|half)\b",
    re.IGNORECASE,
)
# "a million and ten thousand", "2 million and 50 thousand": one sum ("five million and two
# tickets" stays a sum and a count: only thousands are joined on; "1.4 million and 700
# thousand" is two, never the "4" after a decimal point).
_MILLION_AND_THOUSANDS = re.compile(
    _HOW_MANY_OF_A_SCALE + rf"\s+million\s+and\s+"
    rf"((?:{_TENS})(?:[\s-]+(?:{_ONES}))?|{_BELOW_TWENTY}|\d{{1,3}})\s+thousand\b",
    re.IGNORECASE,
)
# "one million and five registered voters", "seven million and one dollars": one number, when
# what it counts is said right after ("five million and two tickets", "3 million and two
# entitled to 2 million" are a sum and a count).
_MILLION_AND_A_FEW = re.compile(
    _HOW_MANY_OF_A_SCALE + rf"\s+million\s+and\s+"
    rf"((?:{_TENS})(?:[\s-]+(?:{_ONES}))?|{_BELOW_TWENTY})\b"
    r"(?=\s+(?:(?:registered|eligible|active)\s+)?(?:voters|dollars|votes|residents|people)\b)",
    re.IGNORECASE,
)
# "a quarter million", "half a million", "three quarters of a million": a part of the scale.
# (the lexicon has written "a million" as "1 million" by then)
_PART_OF_A_SCALE = re.compile(
    # (never the part after a whole: "two and a half million" is 2.5 million)
    r"(?<!\band\s)(?<!\band\sa\s)\b(?:(?P<quarter>a|one)\s+quarter(?:\s+of)?|(?P<three>three)\s+quarters\s+of"
    r"|(?P<half>a\s+half|half(?:\s+of)?))\s+(?:a\s+|1\s+)?(?P<scale>million|billion)\b",
    re.IGNORECASE,
)


def _part_of_a_scale(m: re.Match[str]) -> str:
    part = "0.25" if m.group("quarter") else "0.75" if m.group("three") else "0.5"
    return f"{part} {m.group('scale')}"


# "twelve dollars fifty cents" (once its words are digits): one sum, $12.50.
_DOLLARS_AND_CENTS = re.compile(
    r"\b(\d{1,3}(?:,\d{3})*|\d+)\s+dollars?\s*,?\s+(?:and\s+)?(\d{1,2})\s+cents?\b",
    re.IGNORECASE,
)
# "and fifty cents", "a penny" (once its words are digits): a sum under a dollar, never 50.
_CENTS_ALONE = re.compile(
    r"(?<![\d.,$])(?:(\d{1,2})\s*(?:cents?\b|¢)"
    # (a penny listed among sums, never "without losing a penny", "a penny left over")
    r"|(?:(?<=and\s)|(?<=,\s)|(?<=plus\s))(?:a|one|1)\s+(penny)\b(?!\s+(?:left|over|short|off)))",
    re.IGNORECASE,
)
_WORD_VALUE = {
    **{w: i for i, w in enumerate(_UNIT_LIST[:19], start=1)},
    **{w: 10 * i for i, w in enumerate(_UNIT_LIST[19:], start=2)},
    "a": 1,
}


def _said_value(words: str) -> int:
    """ "ten", "fifty-five", "12", "a": a number below a thousand said in words or digits."""
    if words.isdigit():
        return int(words)
    return sum(_WORD_VALUE[w] for w in re.split(r"[\s-]+", words.lower()))


def _scale_and_a_part(m: re.Match[str]) -> str:
    part = "25" if m.group(3).lower() == "quarter" else "5"
    return f"{_said_value(m.group(1))}.{part} {m.group(2)}"


def _million_and_thousands(m: re.Match[str]) -> str:
    return f"{_said_value(m.group(1)) * 1000 + _said_value(m.group(2))} thousand"


def _million_and_a_few(m: re.Match[str]) -> str:
    return str(_said_value(m.group(1)) * 1_000_000 + _said_value(m.group(2)))


def _dollars_and_cents(m: re.Match[str]) -> str:
    return f"${m.group(1)}.{int(m.group(2)):02d}"


def _cents_alone(m: re.Match[str]) -> str:
    return f"$0.{int(m.group(1) or 1):02d}"


# "zero votes", "zero dollars": none of a thing counted, as text2num leaves it in words (never
# "zero in on", "zero-based").
_ZERO = re.compile(
    r"\bzero(?=\s+(?:[a-z]+\s+)?(?:votes?|voters?|signatures?|dollars?)\b)", re.IGNORECASE
)


def numbers_in_words(text: Expanded) -> Expanded:
    """`text` with number words written as digits, positions carried along."""
    text = text.substitute(_CLOCK_SAID, _clock_said)
    text = text.substitute(_HOUR_SAID, _hour_said)
    text = text.substitute(_SHORT_HUNDREDS, _short_hundreds)
    text = text.substitute(_SPOKEN_HUNDREDS, _short_hundreds)
    text = text.substitute(_NIGHT_HOUR, _night_hour)
    text = text.substitute(_DOZEN, _dozen)
    text = text.substitute(_SCALE_AND_A_PART, _scale_and_a_part)
    text = text.substitute(_PART_OF_A_SCALE, _part_of_a_scale)
    text = text.substitute(_MILLION_AND_THOUSANDS, _million_and_thousands)
    text = text.substitute(_MILLION_AND_A_FEW, _million_and_a_few)
    text = text.substitute(_A_SCALE, lambda m: "one")
    text = text.substitute(_AND_A_HALF, _half)
    text = text.substitute(_POINT, _point)
    text = text.substitute(_SHORT_SCALE, _short_scale)
    text = text.substitute(_YEAR_SAID, _year_said)
    text = text.substitute(_MONTH_DAY_SAID, _month_day_said)
    text = text.substitute(_SECOND_OF_MONTH, _second_of_month)
    text = text.substitute(_COMMA_IN_NUMBER, _comma_in_number)
    text = text.substitute(_RUN, _digits)
    text = text.substitute(_ZERO, lambda m: "0")
    text = text.substitute(_THOUSAND_HUNDRED, _thousand_hundred)
    text = text.substitute(_THOUSAND_REST, _thousand_rest)
    text = text.substitute(_MILLION_THOUSAND, _million_thousand)
    text = text.substitute(_DOLLARS_AND_CENTS, _dollars_and_cents)
    return text.substitute(_CENTS_ALONE, _cents_alone)
