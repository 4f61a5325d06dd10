"""`deadline-bot cite` and `deadline-bot lint`: the statute corpus itself."""

from __future__ import annotations

import argparse
import sys

from bot.cli.common import EXIT_ERROR, EXIT_OK, as_of_of, print_json, service_for, settings_of


def cmd_cite(args: argparse.Namespace) -> int:
    from bot.render.text import version_line

    try:
        as_of = as_of_of(args)
    except ValueError as exc:
        return _cite_error(args, str(exc))
    reply = service_for(args).cite(args.citation, as_of=as_of)
    if reply.status != "cite":
        return _cite_error(args, reply.message)
    node = reply.extra
    if args.json:
        print_json(node)
        return EXIT_OK
    for notice in node.get("notices") or []:
        print(f"⚠ {notice}")
    print(node["cite"])
    if node["catch_line"]:
        print(f"  ({node['catch_line']})")
    shown = "text quoted" if node.get("notices") else f"text in force on {node['in_force_on']}"
    print(f"  {shown}: {version_line(node.get('version'))}")
    print()
    if node["lead_in"]:
        print(f"  {node['lead_in']}")
    body = f"{node['prefix']} {node['text']}" if node["prefix"] else node["text"]
    print(f"    {body}" if node["lead_in"] else f"  {body}")
    if node["references"]:
        print("\nReferences:")
        for ref in node["references"]:
            where = "in corpus" if ref["in_corpus"] else "not in corpus"
            print(f"  - {ref['text']!r} → {ref['target_cite']} ({where})")
    if node["versions"]:
        print("\nVersions of this law:")
        for version in node["versions"]:
            print(f"  - {version_line(version)}")
    print(f"\nsha256 {node['text_sha256']}")
    return EXIT_OK


def _cite_error(args: argparse.Namespace, message: str) -> int:
    if args.json:
        print_json({"status": "error", "error": message})
    else:
        print(message, file=sys.stderr)
    return EXIT_ERROR


def cmd_lint(args: argparse.Namespace) -> int:
    from pathlib import Path

    from bot.service import calendars_dir_of, corpus_dir_of
    from statutes import CorpusLoadError, load_corpus

    settings = settings_of(args)
    path = Path(args.path) if args.path else corpus_dir_of(settings, args.corpus)
    try:
        corpus = load_corpus(path, strict=False)
    except CorpusLoadError as exc:
        print(f"error: {exc}")
        return EXIT_ERROR
    for err in corpus.errors:
        print(f"error: {err}")
    try:
        corpus.require_laws()  # a folder that yields no law is never "all is well"
        empty = False
    except CorpusLoadError as exc:
        print(f"error: {exc}")
        empty = True
    findings = corpus.findings
    for finding in findings:
        print(finding)
    calendars_load = True
    if not args.no_calendars:
        from rules.calendar import CalendarError, lint_calendars, load_calendars

        folder = calendars_dir_of(settings, args.calendars)
        for problem in lint_calendars(folder):
            print(f"calendar: {problem}")
        try:
            load_calendars(folder)
        except CalendarError:
            calendars_load = False
    print(
        f"{len(corpus.laws)} laws, {len(corpus.nodes)} nodes, {len(findings)} findings, "
        f"{len(corpus.errors)} files not loaded"
    )
    # Findings are reported, not fatal: a file that cannot be loaded, or no law at all, fails lint.
    return EXIT_ERROR if corpus.errors or empty or not calendars_load else EXIT_OK
