"""Safe XML parsing for statute files.

The corpus folder may be pointed at files we did not write (`--corpus DIR`), so parsing must never
reach outside the file: no DTD loading, no external entities, no network, no entity expansion.
Documents that declare a DTD at all are refused — State Decoded XML has no DTD, and a declared one
is the vehicle for XXE and billion-laughs attacks.
"""

from __future__ import annotations

import re
import threading
from pathlib import Path

from lxml import etree

_DOCTYPE = re.compile(rb"<!DOCTYPE|<!ENTITY", re.IGNORECASE)


class XMLRefused(ValueError):
    """A file that is not safe or not well-formed XML; the message is one line naming the file."""


_local = threading.local()


def _parser() -> etree.XMLParser:
    """One parser per thread (lxml parsers may be reused, but not shared across threads)."""
    parser = getattr(_local, "parser", None)
    if parser is None:
        parser = _local.parser = _new_parser()
    return parser


def _new_parser() -> etree.XMLParser:
    return etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        huge_tree=False,
        remove_comments=True,
        remove_pis=True,
    )


def parse_bytes(data: bytes, name: str) -> etree._Element:
    """Parse `data` (the content of file `name`) and return the root element."""
    found = _DOCTYPE.search(data)
    if found:
        line = data.count(b"\n", 0, found.start()) + 1
        raise XMLRefused(f"{name}:{line}: refused: document declares a DTD or entity (not allowed)")
    try:
        root = etree.fromstring(data, _parser())
    except etree.XMLSyntaxError as exc:
        line = exc.lineno or (exc.position[0] if exc.position else None)
        where = f"{name}:{line}" if line else name
        # lxml messages can quote input; keep only the first line and never any entity content.
        reason = str(exc.msg or exc).splitlines()[0]
        raise XMLRefused(f"{where}: not well-formed XML: {reason}") from None
    if root is None:
        raise XMLRefused(f"{name}: empty document")
    return root


def parse_file(path: Path) -> etree._Element:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise XMLRefused(f"{path}: cannot be read: {exc.strerror}") from None
    return parse_bytes(data, str(path))
