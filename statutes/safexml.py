"""Safe reading and parsing of statute files.

The corpus folder may be pointed at files we did not write (`--corpus DIR`, `lint DIR`), so
reading and parsing must never reach outside the file or hang:

- only regular files are read, at most `MAX_XML_BYTES`, and a FIFO cannot block the open;
- the parser loads no DTD, resolves no entity and uses no network;
- the decision to refuse is taken on the *parsed* document (doctype, entity references,
  XInclude, declared encoding), so it holds for UTF-16 as well as UTF-8; a cheap byte check on
  the raw file comes first only so that the usual UTF-8 case is refused with its line number.

Every refusal is an `XMLRefused` whose message is one printable line naming the file.
"""

from __future__ import annotations

import os
import re
import stat
import threading
from pathlib import Path

from lxml import etree

# State Decoded sections are a few KB (the largest seed is 9 KB; a long code section with tables
# is well under 1 MB). 2 MiB leaves room for any real section while bounding what one file can
# cost in memory and time, whatever it claims to be (a symlink to /dev/zero, a 50 MB text node).
MAX_XML_BYTES = 2 * 1024 * 1024

# The byte-level first check: an ASCII-compatible file that declares a DTD or an entity.
_DOCTYPE = re.compile(rb"<!DOCTYPE|<!ENTITY", re.IGNORECASE)

# Encodings whose decoding libxml2 verifies (a wrong byte is an error). A single-byte encoding
# such as ISO-8859-1 decodes any bytes at all, so a file that declares one while holding UTF-8
# would load as mojibake: such declarations are refused rather than trusted.
_ENCODINGS = frozenset({"utf-8", "utf8", "us-ascii", "ascii", "utf-16", "utf-16le", "utf-16be"})

XINCLUDE_NAMESPACES = ("http://www.w3.org/2001/XInclude", "http://www.w3.org/2003/XInclude")
# One walk of the parsed tree, in C (lxml builds no Python object for the other nodes), stopping
# at the first XInclude element or entity reference. We never run XInclude, but a file that asks
# for it is not a State Decoded file. Other namespaced elements are harmless: the root must be a
# plain <law>, and an unknown element inside the text is reported by lint.
_UNEXPECTED = (*(f"{{{ns}}}*" for ns in XINCLUDE_NAMESPACES), etree.Entity)

_FILE_KINDS = {
    stat.S_IFDIR: "a directory",
    stat.S_IFIFO: "a FIFO",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFSOCK: "a socket",
}

_CHUNK = 64 * 1024
_OPEN_FLAGS = os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC

# What an error message quotes from a file (an lxml reason, a tag) is cut to this many characters.
_QUOTE_LIMIT = 160


class XMLRefused(ValueError):
    """A file that is not safe or not well-formed XML; the message is one line naming the file."""


def shown(value: object, limit: int | None = None) -> str:
    """`value` as text safe to print on one line: control characters and undecodable bytes of a
    file name (lone surrogates) are escaped, and text longer than `limit` is cut."""
    text = str(value)
    if not text.isprintable():
        text = text.encode("utf-8", "backslashreplace").decode("utf-8")
        text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    if limit is not None and len(text) > limit:
        text = text[: limit - 1] + "…"
    return text


class FileRefused(ValueError):
    """A file that is not a regular, readable, non-empty file of sane size (one-line message)."""

    def __init__(self, name: str, reason: str) -> None:
        super().__init__(f"{name}: {reason}")
        self.name = name
        self.reason = reason


def read_statute_file(path: Path) -> bytes:
    """The bytes of `path` if it is a regular, non-empty file of at most `MAX_XML_BYTES`.

    Anything else (directory, FIFO, device, socket, unreadable, too large, empty) is refused with
    `XMLRefused`, without blocking and without reading more than `MAX_XML_BYTES + 1` bytes.
    """
    try:
        return read_regular_file(path, limit=MAX_XML_BYTES, usual="a statute section is a few KB")
    except FileRefused as exc:
        raise XMLRefused(f"{exc.name}: skipped: {exc.reason}") from None


def read_regular_file(path: Path, *, limit: int, usual: str) -> bytes:
    """The bytes of `path` if it is a regular, non-empty file of at most `limit` bytes, read
    without blocking and without reading more than `limit + 1` bytes; else `FileRefused`.
    `usual` says how large such a file usually is, for the message when it is too large."""
    name = shown(path)
    try:
        # stat first so that a symlink to a device is never opened at all (opening some devices
        # has effects); fstat after opening so a file swapped in between is still checked.
        _check_regular(name, os.stat(path), limit, usual)
        fd = os.open(path, _OPEN_FLAGS)
    except OSError as exc:
        raise FileRefused(name, f"cannot be read: {exc.strerror}") from None
    try:
        size = _check_regular(name, os.fstat(fd), limit, usual).st_size
        # One read covers the usual case: asking for one byte more than fstat's size and getting
        # exactly that size is the end of the file. Otherwise (a file that grew, or one whose
        # size says nothing, as in /proc) read on, but never more than limit + 1.
        chunk = os.read(fd, size + 1)
        chunks = [chunk]
        total = len(chunk)
        while chunk and not (0 < size == total) and total <= limit:
            chunk = os.read(fd, min(_CHUNK, limit + 1 - total))
            chunks.append(chunk)
            total += len(chunk)
    except OSError as exc:
        raise FileRefused(name, f"cannot be read: {exc.strerror}") from None
    finally:
        os.close(fd)
    if total > limit:
        raise FileRefused(name, _too_large(limit, usual))
    if not total:
        raise FileRefused(name, "empty file")
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


def _check_regular(name: str, st: os.stat_result, limit: int, usual: str) -> os.stat_result:
    if not stat.S_ISREG(st.st_mode):
        kind = _FILE_KINDS.get(stat.S_IFMT(st.st_mode), "not a file")
        raise FileRefused(name, f"{kind}, not a regular file")
    if st.st_size > limit:
        raise FileRefused(name, _too_large(limit, usual))
    return st


def _too_large(limit: int, usual: str) -> str:
    return f"larger than {limit // (1024 * 1024)} MiB ({usual})"


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
        huge_tree=False,  # keeps libxml2's limits: depth 256, 10 MB text nodes
        remove_comments=True,
        remove_pis=True,
    )


def parse_bytes(data: bytes, name: str) -> etree._Element:
    """Parse `data` (the content of file `name`, already `shown`) and return the root element.

    Refuses, with `XMLRefused`, anything that is not well-formed, declares a DTD or an entity,
    refers to an entity, uses XInclude, or declares an encoding we cannot verify.
    """
    # "!" is rare in statute XML and found by memchr; "<!" (every "<" a candidate) costs more
    # than the regex itself.
    if b"!" in data:
        found = _DOCTYPE.search(data)
        if found:
            line = data.count(b"\n", 0, found.start()) + 1
            raise XMLRefused(f"{name}:{line}: refused: declares a DTD or entity ({_NO_DTD})")
    try:
        root = etree.fromstring(data, _parser())
    except etree.XMLSyntaxError as exc:
        at: int | None = exc.lineno or (exc.position[0] if exc.position else None)
        where = f"{name}:{at}" if at else name
        # lxml messages can quote input; keep one line of it, cut short, never entity content.
        lines = str(exc.msg or exc).splitlines() or ["unknown error"]
        raise XMLRefused(f"{where}: not well-formed XML: {shown(lines[0], _QUOTE_LIMIT)}") from None
    if root is None:
        raise XMLRefused(f"{name}: skipped: empty document")
    _refuse_unexpected(root, name)
    return root


_NO_DTD = "statute XML has no DTD or entities; not allowed"


def _refuse_unexpected(root: etree._Element, name: str) -> None:
    """Decide on the parsed structure, whatever the file's encoding was."""
    found = next(root.iter(*_UNEXPECTED), None)
    if found is not None:
        where = f"{name}:{found.sourceline}" if found.sourceline else name
        if isinstance(found.tag, str):
            raise XMLRefused(f"{where}: refused: uses XInclude (not allowed in statute XML)")
        # The entity's name only (`&xxe;`): it is never resolved, so there is no content to show.
        raise XMLRefused(f"{where}: refused: refers to entity {shown(found.text, 60)} ({_NO_DTD})")
    info = root.getroottree().docinfo
    if info.internalDTD is not None or info.externalDTD is not None or info.doctype:
        raise XMLRefused(f"{name}: refused: declares a DTD ({_NO_DTD})")
    encoding = (info.encoding or "utf-8").lower()
    if encoding not in _ENCODINGS:
        raise XMLRefused(
            f"{name}: refused: declares encoding {shown(encoding, 40)!r}, which cannot be "
            "checked; statute XML must be UTF-8 (or UTF-16)"
        )
