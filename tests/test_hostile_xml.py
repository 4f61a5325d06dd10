"""Hostile statute XML (issue 9): every file below is refused in one line naming it.

The corpus folder can be pointed at files we did not write (`--corpus DIR`, `lint DIR`), so each
case checks, for the loader and for the `deadline-bot` command line (in a subprocess, with a
timeout and a memory limit so a hang or a blow-up fails instead of stalling the run):

- the file is refused (`CorpusLoadError`; an `error:` line from lint; exit status 1),
- the message is one line and names the file (and its line where one makes sense),
- nothing from outside the file appears: not a byte of a secret file the XML points at, and no
  request reaches a local HTTP server it points at,
- the good law beside it still loads (lenient mode), and no "Traceback" is ever printed.
"""

from __future__ import annotations

import contextlib
import http.server
import io
import os
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import pytest

from bot.cli import main
from statutes import CorpusLoadError, load_corpus
from statutes.corpus import DEFAULT_XML_DIR
from statutes.safexml import MAX_XML_BYTES, shown

SECRET = "TOPSECRET-c0ffee-outside-the-corpus"
GOOD_SEED = DEFAULT_XML_DIR / "md" / "gel-5-903.xml"
GOOD_KEY = "md/gel/5-903"
DEADLINE_BOT = Path(sys.executable).parent / "deadline-bot"


@dataclass(frozen=True)
class Outside:
    """What hostile XML points at: a secret file and a local HTTP server."""

    secret: Path
    url: str


class _Recorder(http.server.BaseHTTPRequestHandler):
    hits: ClassVar[list[str]] = []

    def do_GET(self) -> None:
        self.hits.append(self.path)
        body = f'<!ENTITY leak "{SECRET}">{SECRET}'.encode()
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[str, list[str]]]:
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Recorder)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}", _Recorder.hits
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture
def outside(tmp_path: Path, server: tuple[str, list[str]]) -> Iterator[Outside]:
    secret = tmp_path / "outside" / "secret.txt"
    secret.parent.mkdir()
    secret.write_text(SECRET, encoding="utf-8")
    url, hits = server
    hits.clear()
    yield Outside(secret, url)
    assert hits == [], "hostile XML made a network request"


# --- the hostile files ---------------------------------------------------------------------------


def law(body: str, prolog: str = "", number: str = "gel-1-101") -> str:
    """A one-line State Decoded law whose <text> is `body`, after `prolog` (declaration, DTD)."""
    return (
        f"{prolog}<law><section_number>{number}</section_number>"
        f"<catch_line>Test</catch_line><text>{body}</text></law>"
    )


def xxe(target: str, encoding: str = "UTF-8") -> str:
    """External entity; the DOCTYPE is on line 2."""
    return law(
        "&xxe;",
        f'<?xml version="1.0" encoding="{encoding}"?>\n'
        f'<!DOCTYPE law [<!ENTITY xxe SYSTEM "{target}">]>\n',
    )


def laughs(encoding: str = "UTF-8") -> str:
    """Billion laughs: 10^9 "lol"s if expanded; the DOCTYPE is on line 2."""
    entities = ['<!ENTITY l0 "lol">'] + [
        f'<!ENTITY l{i} "{f"&l{i - 1};" * 10}">' for i in range(1, 10)
    ]
    return law(
        "&l9;",
        f'<?xml version="1.0" encoding="{encoding}"?>\n<!DOCTYPE law [{"".join(entities)}]>\n',
    )


def param_entity(target: str, encoding: str = "UTF-8") -> str:
    """A parameter entity pulling markup from outside into the DTD; the DOCTYPE is on line 2."""
    return law(
        "&leak;",
        f'<?xml version="1.0" encoding="{encoding}"?>\n'
        f'<!DOCTYPE law [<!ENTITY % ext SYSTEM "{target}"> %ext;]>\n',
    )


def xinclude(target: str, ns: str = "http://www.w3.org/2001/XInclude") -> str:
    return law(f'<xi:include href="{target}" parse="text" xmlns:xi="{ns}"/>')


def write(data: bytes | str, encoding: str = "utf-8") -> Callable[[Path, Outside], Path]:
    def build(folder: Path, _out: Outside) -> Path:
        path = folder / "hostile.xml"
        path.write_bytes(data if isinstance(data, bytes) else data.encode(encoding))
        return path

    return build


def written(
    make: Callable[[Outside], str], encoding: str = "utf-8"
) -> Callable[[Path, Outside], Path]:
    """A file whose content depends on the secret's path or the server's address."""

    def build(folder: Path, out: Outside) -> Path:
        path = folder / "hostile.xml"
        path.write_bytes(make(out).encode(encoding))
        return path

    return build


def symlink_to(target: str | Callable[[Outside], Path]) -> Callable[[Path, Outside], Path]:
    def build(folder: Path, out: Outside) -> Path:
        path = folder / "hostile.xml"
        path.symlink_to(target(out) if callable(target) else target)
        return path

    return build


def fifo(folder: Path, _out: Outside) -> Path:
    path = folder / "x.xml"
    os.mkfifo(path)
    return path


def directory(folder: Path, _out: Outside) -> Path:
    path = folder / "x.xml"
    (path / "inner").mkdir(parents=True)
    return path


def loop(folder: Path, _out: Outside) -> Path:
    path = folder / "loop.xml"
    path.symlink_to(path)
    return path


def socket_file(folder: Path, _out: Outside) -> Path:
    # AF_UNIX paths are limited to ~100 bytes: bind by a short relative name from the folder.
    path = folder / "s.xml"
    here = os.getcwd()
    os.chdir(folder)
    try:
        sock = socket.socket(socket.AF_UNIX)
        sock.bind("s.xml")
        sock.close()
    finally:
        os.chdir(here)
    return path


def sparse(folder: Path, _out: Outside) -> Path:
    """A 3 GB file that costs no disk (its size alone must refuse it)."""
    path = folder / "huge.xml"
    with path.open("wb") as f:
        f.write(law("").encode())
        f.truncate(3 * 1024**3)
    return path


def odd_name(raw: bytes) -> Callable[[Path, Outside], Path]:
    """A malformed file whose name is not printable (a newline, bytes that are not UTF-8)."""

    def build(folder: Path, _out: Outside) -> Path:
        path = Path(os.fsdecode(os.fsencode(folder) + b"/" + raw))
        path.write_bytes(b"<law><text>open")
        return path

    return build


# name → (how to build it, the line the message must name or None)
CASES: dict[str, tuple[Callable[[Path, Outside], Path], int | None]] = {
    # DTDs and entities, in every encoding libxml2 reads. The UTF-16/32 ones have no "<!DOCTYPE"
    # in their bytes: they are refused by the parsed structure, at the entity reference's line.
    "xxe-file-utf8": (written(lambda o: xxe(o.secret.as_uri())), 2),
    "xxe-file-utf16-bom": (written(lambda o: xxe(o.secret.as_uri(), "UTF-16"), "utf-16"), 3),
    "xxe-file-utf16le-no-bom": (
        written(lambda o: xxe(o.secret.as_uri(), "UTF-16"), "utf-16-le"),
        3,
    ),
    "xxe-file-utf16be-no-bom": (
        written(lambda o: xxe(o.secret.as_uri(), "UTF-16"), "utf-16-be"),
        3,
    ),
    "xxe-file-utf32": (written(lambda o: xxe(o.secret.as_uri(), "UTF-32"), "utf-32"), 3),
    "xxe-http": (written(lambda o: xxe(f"{o.url}/entity")), 2),
    "xxe-http-utf16": (written(lambda o: xxe(f"{o.url}/entity", "UTF-16"), "utf-16"), 3),
    "external-dtd-http": (
        written(lambda o: law("x", f'<!DOCTYPE law SYSTEM "{o.url}/law.dtd">\n')),
        1,
    ),
    "external-dtd-utf16": (
        written(lambda o: law("x", f'<!DOCTYPE law SYSTEM "{o.url}/law.dtd">\n'), "utf-16"),
        None,
    ),
    "parameter-entity-file": (written(lambda o: param_entity(o.secret.as_uri())), 2),
    "parameter-entity-http": (written(lambda o: param_entity(f"{o.url}/pe")), 2),
    "parameter-entity-utf16": (
        written(lambda o: param_entity(o.secret.as_uri(), "UTF-16"), "utf-16"),
        3,
    ),
    "entity-declared-unused-utf16": (
        write(law("x", '<!DOCTYPE law [<!ENTITY unused "x">]>\n'), "utf-16"),
        None,
    ),
    "billion-laughs": (write(laughs()), 2),
    "billion-laughs-utf16": (write(laughs("UTF-16"), "utf-16"), None),
    "quadratic-blowup": (
        write(law("&a;" * 20_000, f'<!DOCTYPE law [<!ENTITY a "{"x" * 50_000}">]>\n')),
        1,
    ),
    "quadratic-blowup-utf16": (
        write(law("&a;" * 20_000, f'<!DOCTYPE law [<!ENTITY a "{"x" * 50_000}">]>\n'), "utf-16"),
        None,
    ),
    # XInclude (never run, still refused), and a root in a namespace (not a State Decoded <law>)
    "xinclude-file": (written(lambda o: xinclude(str(o.secret))), 1),
    "xinclude-http": (written(lambda o: xinclude(f"{o.url}/xi")), 1),
    "xinclude-utf16": (written(lambda o: xinclude(str(o.secret)), "utf-16"), 1),
    "xinclude-2003-namespace": (
        written(lambda o: xinclude(str(o.secret), "http://www.w3.org/2003/XInclude")),
        1,
    ),
    "default-namespace": (write(law("x").replace("<law>", '<law xmlns="urn:x-law">')), 1),
    # size and depth
    "deep-nesting-100k": (
        write(law("<section>" * 100_000 + "x" + "</section>" * 100_000)),
        1,
    ),
    "text-node-50mb": (write(law("a" * 50_000_000)), None),
    "one-byte-over-the-cap": (
        write(law("a" * (MAX_XML_BYTES + 1 - len(law(""))))),
        None,
    ),
    "sparse-3gb": (sparse, None),
    # encodings
    "invalid-utf8": (write(law("caf\xe9 hors").encode("latin-1")), 1),
    "declared-utf8-holds-latin1": (
        write(law("caf\xe9", '<?xml version="1.0" encoding="UTF-8"?>').encode("latin-1")),
        1,
    ),
    "declared-latin1-holds-utf8": (
        write(law("café", '<?xml version="1.0" encoding="ISO-8859-1"?>')),
        None,
    ),
    "declared-ascii-holds-utf8": (
        write(law("café", '<?xml version="1.0" encoding="US-ASCII"?>')),
        1,
    ),
    "declared-utf16-holds-utf8": (write(law("cafe", '<?xml version="1.0" encoding="UTF-16"?>')), 1),
    "declared-unknown-encoding": (
        write(law("cafe", '<?xml version="1.0" encoding="x-no-such-thing"?>')),
        1,
    ),
    "ebcdic": (write(law("cafe", '<?xml version="1.0" encoding="IBM037"?>'), "cp037"), 1),
    # not XML, or not a law
    "empty-file": (write(b""), None),
    "whitespace-only": (write(b"  \n\n  "), 3),
    "nul-byte": (write(b"<law>\x00</law>"), 1),
    "zip-archive": (write(b"PK\x03\x04\x14\x00\x00\x00\x08\x00 not xml"), 1),
    "truncated": (write(b"<law>\n<section_number>gel-1-101</section_number>\n<text>open"), 3),
    "root-not-law": (write(b"<html>\n<body>hello</body></html>"), 1),
    "root-tag-50k-long": (write(f"<{'a' * 50_000}/>"), 1),
    "no-section-number": (write("<law>\n<catch_line>x</catch_line><text>Text.</text></law>"), None),
    "no-text": (write("<law><section_number>gel-1-101</section_number></law>"), None),
    "section-number-with-slash": (write(law("x", number="gel-1/../../etc")), 1),
    "section-number-10k-long": (write(law("x", number="gel-" + "9" * 10_000)), 1),
    # things that are not regular files, or cannot be read
    "symlink-to-dev-zero": (symlink_to("/dev/zero"), None),
    "symlink-to-dev-urandom": (symlink_to("/dev/urandom"), None),
    "symlink-to-dev-null": (symlink_to("/dev/null"), None),
    "symlink-to-secret-text": (symlink_to(lambda o: o.secret), 1),
    "symlink-loop": (loop, None),
    "dangling-symlink": (symlink_to("/nonexistent/law.xml"), None),
    "proc-self-mem-unreadable": (symlink_to("/proc/self/mem"), None),
    "fifo-named-x.xml": (fifo, None),
    "directory-named-x.xml": (directory, None),
    "socket-named-s.xml": (socket_file, None),
    "name-with-newline": (odd_name(b"bad\nname.xml"), 1),
    "name-not-utf8": (odd_name(b"bad\xff\xfe.xml"), 1),
}


@pytest.fixture(params=["md", "flat"])
def layout(request: pytest.FixtureRequest) -> str:
    return request.param


def make_corpus(root: Path, case: str, layout: str, out: Outside) -> Path:
    """`root` holding the good seed and the hostile file (`md/` or flat); returns the latter."""
    folder = root / "md" if layout == "md" else root
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(GOOD_SEED, folder / GOOD_SEED.name)
    build, _line = CASES[case]
    return build(folder, out)


def assert_one_line_naming(message: str, bad: Path, line: int | None) -> None:
    name = shown(bad)
    assert message.isprintable(), message  # one line: no newline or control character
    assert message.startswith(name), message
    if line is not None:
        assert message.startswith(f"{name}:{line}: "), message
    assert len(message) < len(name) + 300, message
    assert SECRET not in message


@pytest.mark.parametrize("case", sorted(CASES))
def test_loader_refuses_in_one_line_naming_the_file(tmp_path, outside, layout, case):
    root = tmp_path / "corpus"
    bad = make_corpus(root, case, layout, outside)
    with pytest.raises(CorpusLoadError) as err:
        load_corpus(root)
    message = str(err.value)
    assert_one_line_naming(message, bad, CASES[case][1])
    # lint's view: the same line, and the good law beside it still loads
    lenient = load_corpus(root, strict=False)
    assert lenient.errors == [message]
    assert list(lenient.laws) == [GOOD_KEY]
    assert SECRET not in lenient.lookup("EL 5-903").text


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    def limit_memory() -> None:
        # A loader that read /dev/zero or expanded an entity bomb would die here, not eat the box.
        resource.setrlimit(resource.RLIMIT_AS, (1024**3, 1024**3))

    env = {k: v for k, v in os.environ.items() if not k.startswith(("DEADLINE_BOT_", "SLACK_"))}
    return subprocess.run(
        [str(DEADLINE_BOT), *args],
        capture_output=True,
        text=True,
        errors="backslashreplace",
        timeout=60,  # a hang (FIFO, network) fails the test instead of stalling the run
        preexec_fn=limit_memory,
        env=env,
    )


@pytest.mark.parametrize("case", sorted(CASES))
def test_cli_lint_and_cite_refuse_in_one_line_without_traceback(tmp_path, outside, case):
    root = tmp_path / "corpus"
    bad = make_corpus(root, case, "md", outside)
    with pytest.raises(CorpusLoadError) as err:
        load_corpus(root)
    message = str(err.value)

    lint = run_cli("lint", str(root), "--no-calendars")
    cite = run_cli("cite", "EL 5-903(b)(2)(ii)", "--corpus", str(root))
    for proc in (lint, cite):
        assert "Traceback" not in proc.stdout + proc.stderr
        assert SECRET not in proc.stdout + proc.stderr
        assert proc.returncode == 1, proc.stdout + proc.stderr
    errors = [ln for ln in lint.stdout.splitlines() if ln.startswith("error: ")]
    assert errors == [f"error: {message}"]
    assert "1 laws," in lint.stdout and "1 files not loaded" in lint.stdout
    assert cite.stderr.splitlines() == [message]
    assert_one_line_naming(message, bad, CASES[case][1])


# --- an unreadable file (chmod 000) ---------------------------------------------------------------


def _as_nobody(work: Callable[[], str]) -> str:
    """Run `work` in a forked child that has dropped root, and return what it returned.

    Tests run as root, for whom chmod 000 changes nothing; dropping to `nobody` in a fork needs no
    exec (the interpreter may sit under a home folder `nobody` cannot enter).
    """
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child reports through the pipe
        try:
            os.close(read_end)
            os.setgroups([])
            os.setgid(65534)
            os.setuid(65534)
            result = work()
        except BaseException as exc:  # any failure is reported to the parent
            result = f"CHILD FAILED: {type(exc).__name__}: {exc}"
        os.write(write_end, result.encode("utf-8", "backslashreplace"))
        os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as pipe:
        data = pipe.read()
    os.waitpid(pid, 0)
    return data.decode("utf-8")


def test_unreadable_file_is_named_in_one_line():
    root = Path(tempfile.mkdtemp(prefix="deadline-bot-unreadable-"))
    try:
        os.chmod(root, 0o755)
        folder = root / "md"
        folder.mkdir(mode=0o755)
        shutil.copyfile(GOOD_SEED, folder / GOOD_SEED.name)
        os.chmod(folder / GOOD_SEED.name, 0o644)
        bad = folder / "locked.xml"
        bad.write_text(law("x"), encoding="utf-8")
        os.chmod(bad, 0o000)

        def lint() -> str:
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                status = main(["lint", str(root), "--no-calendars"])
            return f"{status}\n{out.getvalue()}"

        if os.geteuid() != 0:
            result = lint()
        else:
            # As root the file is readable and loads (this also imports all lint needs, before
            # the child loses access to the interpreter's own files).
            assert lint().splitlines()[0] == "0"
            result = _as_nobody(lint)
        assert not result.startswith("CHILD FAILED"), result
        status, *lines = result.splitlines()
        assert status == "1"
        errors = [ln for ln in lines if ln.startswith("error: ")]
        assert errors == [f"error: {bad}: skipped: cannot be read: Permission denied"]
        assert "1 laws," in lines[-1]
    finally:
        shutil.rmtree(root)


# --- what a hostile file must not break ----------------------------------------------------------


def test_odd_unit_level_does_not_break_loading(tmp_path):
    # "²".isdigit() is true but int("²") raises; a 5,000-digit level exceeds int()'s limit.
    folder = tmp_path / "md"
    folder.mkdir()
    (folder / "gel-1-101.xml").write_text(
        '<law><structure><unit label="article" identifier="gel" level="²">Election Law</unit>'
        f'<unit label="title" identifier="1" level="{"9" * 5000}">T</unit></structure>'
        "<section_number>gel-1-101</section_number><text>Some text.</text></law>",
        encoding="utf-8",
    )
    units = load_corpus(tmp_path).lookup("EL 1-101").law.units
    assert [u.level for u in units] == [None, None]


def test_deepest_nesting_libxml2_allows_still_quotes(tmp_path):
    # 250 nested sections (libxml2 stops at 256): loads, quotes and lints without RecursionError.
    folder = tmp_path / "md"
    folder.mkdir()
    depth = 250
    body = (
        "".join(f'<section prefix="({i})">' for i in range(depth)) + "deep" + "</section>" * depth
    )
    (folder / "gel-1-101.xml").write_text(law(body), encoding="utf-8")
    corpus = load_corpus(tmp_path)
    node = corpus.node("md/gel/1-101/" + "/".join(str(i) for i in range(depth)))
    assert node.text == "deep"
    assert corpus.lookup("EL 1-101").text.endswith(f"({depth - 1}) deep")
    assert len(corpus.nodes) == depth + 1
    expected = {"catch-line-missing", "unit-unnamed", "version-metadata-missing"}
    assert {f.code for f in corpus.findings} <= expected
