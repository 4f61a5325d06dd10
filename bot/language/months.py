"""The months as staff write them: English names and abbreviations ("Sept"), and the Spanish
and Portuguese ones mixed into questions ("el 18 de junio", "15 de março")."""

from __future__ import annotations

# A month's first three letters → its number.
MONTHS = {
    "jan": 1,
    "feb": 2,
    "mar": 3,
    "apr": 4,
    "may": 5,
    "jun": 6,
    "jul": 7,
    "aug": 8,
    "sep": 9,
    "oct": 10,
    "nov": 11,
    "dec": 12,
    # Spanish and Portuguese months staff mix in ("el 18 de junio", "15 de março")
    "ene": 1,
    "fev": 2,
    "abr": 4,
    "mai": 5,
    "ago": 8,
    "set": 9,
    "out": 10,
    "dic": 12,
    "dez": 12,
}
# A month's name or abbreviation ("Sept"), for every pattern that names months.
MONTH_NAME = (
    # Spanish and Portuguese first (a longer name before the English one it begins with), only
    # as words English never uses ("set", "ago", "out" are not months here)
    r"enero|febrero|fevereiro|fev|marzo|março|marco|abril|mayo|maio|junio|junho|julio|julho"
    r"|agosto|septiembre|setiembre|setembro|octubre|outubro|noviembre|novembro|diciembre"
    r"|dezembro"
    r"|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?"
)
