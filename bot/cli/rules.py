"""`deadline-bot run`, `ask` and `rules`: the rules, through the answering service."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.cli.common import (
    EXIT_ERROR,
    EXIT_OK,
    as_of_of,
    emit,
    print_json,
    service_for,
    today_of,
)

if TYPE_CHECKING:
    from rules.pins import RuleCheck


def _key_values(pairs: Sequence[str]) -> dict[str, str]:
    params: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"{pair!r}: parameters are written key=value")
        params[key.strip()] = value.strip()
    return params


def cmd_run(args: argparse.Namespace) -> int:
    from bot.reply import Reply

    try:
        params = _key_values(args.params)
        today = today_of(args.today)
        as_of = as_of_of(args)
    except ValueError as exc:
        reply = Reply(status="invalid_input", rule=args.rule, message=str(exc))
        return emit(reply, args.json)
    reply = service_for(args, today=today).run(args.rule, params, as_of=as_of)
    code = emit(reply, args.json)
    # (`run` is the operator's command: what would let the rule answer without asking)
    if not args.json and reply.result is not None and reply.result.operator_note:
        print(f"Operator: {reply.result.operator_note}")
    return code


def cmd_ask(args: argparse.Namespace) -> int:
    from bot.reply import Reply

    try:
        today = today_of(args.today)
    except ValueError as exc:
        return emit(Reply(status="invalid_input", message=f"--today: {exc}"), args.json)
    try:
        as_of = as_of_of(args)
    except ValueError as exc:
        return emit(Reply(status="invalid_input", message=str(exc)), args.json)
    service = service_for(args, today=today)
    return emit(service.ask(" ".join(args.text), surface="cli", as_of=as_of), args.json)


def cmd_rules(args: argparse.Namespace) -> int:
    from rules import RULES

    service = service_for(args)
    checks = service.rules_check() if args.check or args.json else {}
    if args.json:
        print_json(
            [
                {
                    "id": spec.id,
                    "title": spec.title,
                    "jurisdiction": spec.jurisdiction,
                    "aliases": list(spec.aliases),
                    "params": [
                        {
                            "name": p.name,
                            "kind": p.kind,
                            "required": p.required,
                            "description": p.description,
                            "accepted": p.accepted(),
                            "calendar": list(p.calendar),
                        }
                        for p in spec.params
                    ],
                    "state": checks[spec.id].state,
                    "problems": list(checks[spec.id].problems),
                    "implementations": [
                        {"version": c.version, "state": c.state, "problems": list(c.problems)}
                        for c in _implementations(checks[spec.id])
                    ],
                }
                for spec in RULES.values()
            ]
        )
    elif checks:
        # One line per implementation: the text version it was written for, and whether its
        # pinned text is in the corpus as written.
        for spec in RULES.values():
            for check in _implementations(checks[spec.id]):
                version = f"version {check.version}" if check.version else "(one version)"
                print(f"{spec.id:32} {version:16} [{check.state}]")
                if check.state != "ok":
                    print(f"    {check.message}")
    else:
        for spec in RULES.values():
            params = " ".join(p.name if p.required else f"[{p.name}]" for p in spec.params)
            print(f"{spec.id:32} {params}")
    refused = [c for c in checks.values() if c.state != "ok"]
    return EXIT_ERROR if refused and args.check else EXIT_OK


def _implementations(check: RuleCheck) -> tuple[RuleCheck, ...]:
    """The check of each implementation of a rule (the rule's own for an unversioned one)."""
    return check.implementations or (check,)
