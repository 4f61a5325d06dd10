"""Train the reader's learned model (`bot/language/learned_model.json`) on the tuning question
sets, and print how well it does on sets it was not trained on (prints figures).

    .venv/bin/pip install -e '.[train]'
    .venv/bin/python benchmarks/train_reader.py            # cross-validate, then train and write
    .venv/bin/python benchmarks/train_reader.py --check    # is the shipped model up to date?

Cross-validation leaves one tuning set out at a time (each was written by a different person,
so this is how the model does on a new writer's questions) and prints aggregate figures only.
The held-out sets are never read here (`question_sets.tuning_sets` refuses them).

Train again whenever a tuning set, the lexicon or the reader changes: `--check` (and a test)
fails until the model was trained on the questions as the reader now reads them.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from question_sets import OUT_OF_SCOPE_KINDS, question_day, tuning_sets  # noqa: E402

from bot.language import build_matcher, read_facts  # noqa: E402
from bot.language.choosing import judged_facts, judged_words  # noqa: E402
from bot.language.learned import MODEL_FILE, NONE, features, fingerprint  # noqa: E402
from bot.language.lexicon import lexicon  # noqa: E402
from bot.language.parts import without_side_asks  # noqa: E402
from bot.language.text import without_sign_off  # noqa: E402
from rules import RULES  # noqa: E402

C = 3.0  # inverse regularisation strength, chosen by leaving one set out (see --cross-validate)
# How close to its optimum the fit must come. The regularised fit has one optimum; the solver's
# default tolerance stopped short of it by different amounts for nearly the same questions, so
# one changed question moved borderline answers all over the tuning sets at each retrain.
TOL = 1e-8
MIN_COUNT = 2  # a feature seen in fewer training questions is left out
DIGITS = 3  # weights are rounded to this many decimals in the shipped file
# A feature whose every weight is smaller than this is left out: it moves no probability by
# more than a few per cent, and the file stays small.
SMALLEST = 0.05


def examples() -> list[tuple[str, frozenset[str], str]]:
    """(set name, features, label) for every tuning question a rule or nothing answers (cite
    and season questions are answered before any rule is matched)."""
    matcher = build_matcher(RULES)
    found = []
    for qset in tuning_sets():
        for item in qset.questions:
            kind = item.get("kind")
            if kind not in ("in_scope", *OUT_OF_SCOPE_KINDS):
                continue
            text = without_sign_off(str(item["q"])).strip()  # as the service reads it
            facts = read_facts(text, today=question_day(item, qset.today))
            label = str(item["rule"]) if kind == "in_scope" else NONE
            expanded = lexicon().expand(text)
            rest = without_side_asks(expanded, matcher.match(expanded).out_of_scope)
            if rest is not None and label == NONE:
                # A message whose side question is set aside is answered in part, the reply
                # saying which part was not: its other part is a rule's question, never a
                # lesson that such questions are no rule's.
                continue
            said = judged_words(matcher, expanded, rest)
            found.append((qset.name, features(said, judged_facts(facts, rest)), label))
    return found


def fit(train: Sequence[tuple[frozenset[str], str]]) -> tuple[list[str], list[float], dict]:  # type: ignore[type-arg]
    """Classes, intercepts and feature → weights of a model fitted on `train`."""
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    seen = Counter(f for feats, _ in train for f in feats)
    kept = [{f: 1 for f in feats if seen[f] >= MIN_COUNT} for feats, _ in train]
    vectorizer = DictVectorizer()
    model = LogisticRegression(C=C, max_iter=50000, tol=TOL)
    model.fit(vectorizer.fit_transform(kept), [label for _, label in train])
    names = vectorizer.get_feature_names_out()
    weights = {
        str(name): [round(float(w), DIGITS) + 0.0 for w in model.coef_[:, j]]
        for j, name in enumerate(names)
    }
    return (
        [str(c) for c in model.classes_],
        [round(float(b), DIGITS) + 0.0 for b in model.intercept_],
        {f: ws for f, ws in weights.items() if max(map(abs, ws)) >= SMALLEST},
    )


def cross_validate(found: list[tuple[str, frozenset[str], str]]) -> None:
    """Leave each set out in turn; print aggregate figures over the questions left out."""
    from bot.language.learned import LearnedModel

    tally: Counter[str] = Counter()
    for name in dict.fromkeys(s for s, _, _ in found):
        classes, intercepts, weights = fit([(f, y) for s, f, y in found if s != name])
        model = LearnedModel(tuple(classes), tuple(intercepts), weights, {})
        for s, feats, label in found:
            if s != name:
                continue
            p = model.probabilities(feats)
            top = max(p, key=p.__getitem__)
            if label != NONE:
                tally["in scope"] += 1
                tally["in scope: top class right"] += top == label
                tally["in scope: right, p >= 0.8"] += top == label and p[top] >= 0.8
                tally["in scope: none >= 0.97"] += p[NONE] >= 0.97
            else:
                tally["out of scope"] += 1
                tally["out of scope: a rule, p >= 0.8"] += top != NONE and p[top] >= 0.8
                tally["out of scope: none >= 0.97"] += p[NONE] >= 0.97
    print("leaving one set out at a time (aggregate over the sets left out):")
    for key, value in tally.items():
        total = tally["in scope" if key.startswith("in scope") else "out of scope"]
        print(f"  {key + ':':<34} {value}/{total} = {value / total:.1%}")


def _json_lines(model: dict) -> str:  # type: ignore[type-arg]
    """The model as JSON with one feature's weights a line, so a retrained model's diff reads
    feature by feature."""
    head = {k: v for k, v in model.items() if k != "weights"}
    rows = ",\n".join(
        f"  {json.dumps(f)}: {json.dumps(ws, separators=(',', ':'))}"
        for f, ws in model["weights"].items()
    )
    return json.dumps(head, indent=1)[:-2] + ',\n "weights": {\n' + rows + "\n }\n}\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check", action="store_true", help="only say whether the model is current"
    )
    parser.add_argument("--no-cross-validate", action="store_true", help="skip the figures")
    args = parser.parse_args(argv)

    found = examples()
    digest = fingerprint((f, y) for _, f, y in found)
    if args.check:
        shipped = json.loads(MODEL_FILE.read_text(encoding="utf-8"))["trained_on"]["fingerprint"]
        current = shipped == digest
        print("learned model is current" if current else "learned model is stale: train again")
        return 0 if current else 1
    if not args.no_cross_validate:
        cross_validate(found)
    classes, intercepts, weights = fit([(f, y) for _, f, y in found])
    model = {
        "about": "bot/language/learned.py; trained by benchmarks/train_reader.py",
        "trained_on": {
            "sets": list(dict.fromkeys(s for s, _, _ in found)),
            "questions": len(found),
            "labels": dict(sorted(Counter(y for _, _, y in found).items())),
            "fingerprint": digest,
            "C": C,
            "min_count": MIN_COUNT,
        },
        "classes": classes,
        "intercepts": intercepts,
        "weights": dict(sorted(weights.items())),
    }
    MODEL_FILE.write_text(_json_lines(model), encoding="utf-8")
    print(f"wrote {MODEL_FILE.relative_to(ROOT)}: {len(weights)} features, {len(found)} questions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
