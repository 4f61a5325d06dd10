"""A table pasted into a question — CSV from finance software, a spreadsheet's tab-separated
rows, a pipe table — written out row by row as words the reader already reads: each value after
its column's name ("ticket,full_public_contribution\\nMoore-Ruiz,2400000" is "Moore-Ruiz full
public contribution: 2400000").

Only a block that is plainly a table is rewritten: a header row of names, then rows of as many
cells, each row holding a number. Anything else is left exactly as written.
"""

from __future__ import annotations

import csv
import re
from decimal import Decimal, InvalidOperation

from bot.language.lexicon import Expanded

_SEPARATORS = ("\t", "|", ",")
# A cell that is a number: "2400000", "$2,750,000", "25.00", "1.5M".
_NUMBER_CELL = re.compile(r"\$?\s?\d[\d,]*(?:\.\d+)?\s?(?:k|m|mm|mil|million)?", re.IGNORECASE)
# A markdown table's rule line: "|---|:--:|".
_RULE_LINE = re.compile(r"[\s|:+-]*-[\s|:+-]*")
# A column that identifies a row (a record number, a ZIP code, a phone), never a value asked.
_ID_COLUMN = re.compile(r"(?:^|[\s_])(?:id|#|no|num|zip|zipcode|phone|row)$|^(?:#|no\.?)$", re.I)
# A column of money: its numbers are sums ("amount", "amt", "$", "full_public_contribution").
_MONEY_COLUMN = re.compile(
    r"amount|amt|\$|dollars|contribution|donation|gift|fund|balance|entitle|remaining|share",
    re.IGNORECASE,
)
# A header cell is a column's short name ("full_public_contribution", "Fund remaining"), never
# a sentence that happens to hold commas ("1. LG nominee (won the June 25, 2030 primary)").
# ("card?": a yes-or-no column)
# ("governor votes (last state election)": what a parenthesis adds is not counted)
_HEADER_CELL = re.compile(r"[a-z$#%][\w .'’/&()#$%?-]{0,31}(?:\([^()]{0,31}\))?", re.IGNORECASE)
_MAX_HEADER_WORDS = 4
_MAX_CELL = 40
# A column whose name says only that it holds numbers: its values are said after the row's
# name alone ("registered (1/1/32) | 512,903" under "metric | count").
_PLAIN_COLUMN = re.compile(r"count|value|number|n|#|qty|figure|total|amount|amt", re.IGNORECASE)
# A column of places known by their number ("ward", "precinct").
_NUMBERED_PLACE = re.compile(r"wards?|precincts?|pcts?|districts?", re.IGNORECASE)
# A column naming who gave ("donor", "contributor", "name"): one giver's rows are one giver's.
_GIVER_COLUMN = re.compile(r"name|donor|contributor|giver", re.IGNORECASE)
# A column saying where a row's giver lives ("state", "residence", "city"), in a table with a
# giver's column: said as where they live, so "VA" in it is a giver's home, never the law asked
# about (a county's row of voters stays the county's).
_PLACE_COLUMN = re.compile(r"state|residence|city|town|county|location|home|address", re.I)


# A column saying what kind of money a row is ("type": contribution, loan, refund).
_KIND_COLUMN = re.compile(r"type|kind|category", re.IGNORECASE)


# A row that adds up the others ("TOTAL", "Subtotal", "Grand total"): said as a total, never as
# one more ticket's or giver's row.
_TOTAL_ROW = re.compile(r"(?:grand\s*|sub\s*-?\s*)?totals?:?|sum", re.IGNORECASE)


# A column of money a ticket raised itself ("private $ raised"): said as raised, never as one
# more full public contribution beside that column's.
_RAISED_COLUMN = re.compile(r"raised|private", re.IGNORECASE)
# ... and one of what a ticket is entitled to ("full public contribution", "entitlement").
_ENTITLED_COLUMN = re.compile(r"\bfull\b|entitle", re.IGNORECASE)


def _as_sum(name: str, cell: str) -> str:
    """A number in a money column, said as a sum ("35" under "amt" is "$35"; under "private $
    raised", "raised $2,900,000"); else the cell."""
    raised = _RAISED_COLUMN.search(name)
    money = _NUMBER_CELL.fullmatch(cell) and (
        raised or ("$" not in cell and _MONEY_COLUMN.search(name))
    )
    if not money:
        return cell
    said = cell if "$" in cell else "$" + cell
    if raised:
        return "raised " + said
    return "entitled to " + said if _ENTITLED_COLUMN.search(name) else said


def _one_row_per_giver(header: list[str], body: list[list[str]]) -> list[list[str] | None]:
    """The rows with each giver's sums added up in the giver's first row and later rows None
    (§ 15-106 matches what a contributor gave in all: "A. Greer 125.00" twice is one
    contribution of $250), when a column names the giver and one column holds money; else the
    rows as they are."""
    giver = next((j for j, h in enumerate(header) if _GIVER_COLUMN.search(h)), None)
    money = [j for j, h in enumerate(header) if _MONEY_COLUMN.search(h) and j != giver]
    if giver is None or len(money) != 1:
        return list(body)
    (m,) = money
    firsts: dict[str, list[str]] = {}
    rows: list[list[str] | None] = []
    for row in body:
        key = row[giver].strip().lower()
        if key not in firsts:
            rows.append(firsts.setdefault(key, list(row)))
            continue
        first = firsts[key]
        try:
            total = sum(Decimal(c.replace("$", "").replace(",", "")) for c in (first[m], row[m]))
        except InvalidOperation:
            return list(body)  # ("1.5M": a sum not written to add up here)
        first[m] = f"{total:f}"
        rows.append(None)
    return rows


def _cells(line: str, sep: str) -> list[str]:
    body = line.strip()
    if sep == "|":
        body = body.strip("|")
    if sep == ",":
        # ("\"Hall, K.\",Westminster,21157,150.00": a quoted cell keeps its comma)
        return [c.strip() for c in next(csv.reader([body]), [])]
    return [c.strip() for c in body.split(sep)]


def _as_words(lines: list[str], sep: str) -> str | None:
    """The table's rows as words, or None when `lines` are not a table."""
    rows = [_cells(line, sep) for line in lines if not _RULE_LINE.fullmatch(line)]
    # (a row of empty cells, ",,", only spaces the sheet's rows)
    rows = [row for row in rows if any(row)]
    if len(rows) < 2:
        return None
    header, body = rows[0], rows[1:]
    if (
        len(header) < 2
        or not body
        or not all(
            _HEADER_CELL.fullmatch(h)
            # (a parenthesis says of what: "votes in town (Nov 2026)")
            and len(re.sub(r"\([^()]*\)", "", h).split()) <= _MAX_HEADER_WORDS
            # (a year may name a column, "reg_voters_jan1_2028"; other digits make a row)
            and not re.search(r"\d\d", re.sub(r"(?:19|20)\d\d", "", h))
            for h in header
        )
        or any(len(row) != len(header) or max(map(len, row)) > _MAX_CELL for row in body)
        or not all(any(_NUMBER_CELL.fullmatch(c) for c in row) for row in body)
    ):
        return None
    names = [re.sub(r"[_\s]+", " ", h).strip() for h in header]
    # The first column names its row when none of its cells is a number ("Moore-Ruiz",
    # "District 5"): it is said before the row's values, not as one of them.
    labelled = not any(_NUMBER_CELL.fullmatch(row[0]) for row in body)
    # ("ward,votes\n1,1840\n2,2975": a column of wards by number names each row "ward 2")
    if _NUMBERED_PLACE.fullmatch(names[0]) and all(
        re.fullmatch(r"\d{1,2}[a-z]?", r[0]) for r in body
    ):
        body = [[f"{names[0]} {row[0]}", *row[1:]] for row in body]
        labelled = True
    givers = any(_GIVER_COLUMN.search(name) for name in names)
    totals = [row for row in body if _TOTAL_ROW.fullmatch(row[0])]
    sums = [[_as_sum(n, c) for n, c in zip(names, row, strict=True)][1:] for row in totals]
    out = ["in total " + "; ".join(c for c in row if c) + "." for row in sums]
    body = [row for row in body if row not in totals]
    for row in filter(None, _one_row_per_giver(names, body)):
        said = []
        kind = ""
        for j, (name, cell) in enumerate(zip(names, row, strict=True)):
            if (labelled and j == 0) or not cell or _ID_COLUMN.search(name):
                continue
            cell = _as_sum(name, cell)
            plain = labelled and _PLAIN_COLUMN.fullmatch(name)
            if givers and _PLACE_COLUMN.search(name) and not _NUMBER_CELL.fullmatch(cell):
                said.append(f"lives in {cell}")
                continue
            if _KIND_COLUMN.fullmatch(name) and not _NUMBER_CELL.fullmatch(cell):
                kind = f"{cell} "  # ("type: loan"): said of the row's next value, "loan $1000"
                continue
            said.append(f"{kind}{cell}" if plain else f"{kind}{name}: {cell}")
            kind = ""
        label = row[0] if labelled else ""
        # ("registered (1/1/32): 512,903": a row's name labels its one plain value)
        # ("LD 31, registered voters jan1: 87650": a number in the row's name is the name's, never
        # the count its next column names)
        joint = ": " if label and said and said[0] == row[-1] else ", "
        out.append((label + joint if label else "") + "; ".join(said) + ".")
    return "\n".join(out[len(totals) :] + out[: len(totals)])  # (the total last, as written)


def _tables(text: str) -> dict[str, str]:
    """Each table block of `text` → its rows as words."""
    found: dict[str, str] = {}
    block: list[str] = []
    for line in [*text.split("\n"), ""]:
        # (a markdown table, "| donor | amt |", is read as written: its rows' pipes and
        # its header's rule line are known list joins)
        if any(sep in line for sep in _SEPARATORS) and not line.lstrip().startswith("|"):
            block.append(line)
            continue
        if len(block) >= 2:
            for sep in _SEPARATORS:
                # (a sentence after the table may hold a comma, "fund available: 4,100,000 —
                # shares?": the table ends at the first line without its separator)
                # (nor is a question after it, "…, and how much does each one earn?", a row;
                # a header's "card?" is)
                ends = [
                    i
                    for i, row in enumerate(block)
                    if not (sep in row or _RULE_LINE.fullmatch(row))
                    or (
                        "?" in row  # ("… match on these three? (2030 ticket, all MD)")
                        and len(_cells(row, sep)[0].split()) > _MAX_HEADER_WORDS
                    )
                ]
                table = block[: ends[0]] if ends else block
                if len(table) < 2:
                    continue
                # (a sentence with a comma may come right before the header: "eligible
                # gifts, from our export:\nname,city,zip,amount\n…": the table starts after it;
                # or one or two right after its last row, cut into other than the header's
                # number of cells: "…\nfund on hand: 3,200,000. prorate pls")
                cells = len(_cells(table[0], sep))
                last = len(table)
                while (
                    last > len(table) - 2
                    and last > 2
                    and len(_cells(table[last - 1], sep)) != cells
                ):
                    last -= 1
                rows = next(
                    (
                        (table[i:end], words)
                        for end in dict.fromkeys((len(table), last))
                        for i in range(end - 1)
                        if (words := _as_words(table[i:end], sep)) is not None
                    ),
                    None,
                )
                if rows is not None:
                    found["\n".join(rows[0])] = rows[1]
                    break
        block = []
    return found


def _markdown_money(text: str) -> dict[str, str]:
    """Each row of a markdown table (read as written) → the row with the numbers of its money
    columns said as sums ("| Osei | Towson | 35 |" under "| donor | city | amt |": $35), and
    a giver's later rows added into the first (`_one_row_per_giver`)."""
    blocks: list[tuple[list[str], list[tuple[str, list[str]]]]] = []
    for line in text.split("\n"):
        if not line.lstrip().startswith("|"):
            blocks.append(([], []))
        elif not _RULE_LINE.fullmatch(line):
            cells = _cells(line, "|")
            if not blocks or not blocks[-1][0]:
                blocks.append((cells, []))
            elif len(cells) == len(blocks[-1][0]):
                blocks[-1][1].append((line, cells))
    found: dict[str, str] = {}
    for header, rows in blocks:
        # (two rows written alike can't be told apart in the text: both are kept as written)
        alike = len({line for line, _ in rows}) < len(rows)
        merged = [c for _, c in rows] if alike else _one_row_per_giver(header, [c for _, c in rows])
        for (line, cells), row in zip(rows, merged, strict=True):
            said = [
                cell if _ID_COLUMN.search(name) else _as_sum(name, cell)
                for name, cell in zip(header, row or [], strict=False)
            ]
            if said != cells:
                found[line] = "| " + " | ".join(said) + " |" if said else ""
    return found


def tables_as_words(text: Expanded) -> Expanded:
    """`text` with each pasted table written out row by row, and a markdown table's sums
    marked as sums, positions carried along."""
    if "\n" not in text.text:
        return text
    found = _tables(text.text) | _markdown_money(text.text)
    if not found:
        return text
    pattern = re.compile("|".join(re.escape(block) for block in found))
    return text.substitute(pattern, lambda m: found[m.group(0)])
