"""Corpus load benchmark (issue 2): our loader vs lxml alone on a synthetic 10,000-section corpus.

Generates the corpus by renumbering the seed files into a temporary folder, then prints, in one
run: lxml parse time, our load time (and load + materializing every node's text, hash and
references), their ratio, peak memory, and citation lookup latency. Targets: ratio ≤ 3, peak
memory ≤ 300 MB, lookup ≤ 20 µs median.

    python benchmarks/corpus_load.py [--sections 10000]
"""

from __future__ import annotations

import argparse
import gc
import resource
import statistics
import tempfile
import time
from pathlib import Path

from lxml import etree

from statutes import load_corpus
from statutes.corpus import DEFAULT_XML_DIR


def make_corpus(root: Path, sections: int) -> list[str]:
    """Copy the seeds `sections` times in total, renumbered; return citations to look up."""
    seeds = sorted(DEFAULT_XML_DIR.glob("*/*.xml"))
    cites: list[str] = []
    for i in range(sections):
        seed = seeds[i % len(seeds)]
        data = seed.read_bytes()
        jurisdiction = seed.parent.name
        folder = root / jurisdiction
        folder.mkdir(exist_ok=True)
        n = 1000 + i
        if jurisdiction == "md":
            old = seed.stem  # gel-5-903
            new = f"gel-{n}-{i % 997 + 1}"
            data = data.replace(old.encode(), new.encode())
            cites.append(f"EL {new.removeprefix('gel-')}(b)")
        else:
            data = data.replace(b"<section_number>14<", f"<section_number>{n}<".encode())
            cites.append(f"G.L. c. 53 § {n} sentence 7")
        (folder / f"s{i}.xml").write_bytes(data)
    return cites


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sections", type=int, default=10_000)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        cites = make_corpus(root, args.sections)
        files = sorted(root.glob("*/*.xml"))
        parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)

        gc.collect()
        t0 = time.perf_counter()
        for f in files:
            etree.fromstring(f.read_bytes(), parser)
        t_lxml = time.perf_counter() - t0

        gc.collect()
        rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        t0 = time.perf_counter()
        corpus = load_corpus(root)
        t_load = time.perf_counter() - t0
        rss_loaded = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        t0 = time.perf_counter()
        for node in corpus.nodes.values():
            _ = node.text_sha256, node.lead_in
        t_materialize = time.perf_counter() - t0

        samples = []
        for c in cites[:2000]:
            corpus.lookup(c)  # first lookup parses; the figure below is the steady state
        for c in cites[:2000] * 5:
            t = time.perf_counter_ns()
            corpus.lookup(c)
            samples.append(time.perf_counter_ns() - t)
        cold = []
        corpus._lookup_cache.clear()
        for c in cites[:2000]:
            t = time.perf_counter_ns()
            corpus.lookup(c)
            cold.append(time.perf_counter_ns() - t)

    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"sections: {len(files)}  nodes: {len(corpus.nodes)}")
    print(f"lxml parse alone:          {t_lxml:8.3f} s")
    print(f"our load (parse, validate, index): {t_load:8.3f} s  ratio {t_load / t_lxml:5.2f} (≤ 3)")
    print(
        f"+ building every node tree, text and hash: {t_materialize:6.3f} s  "
        f"ratio incl. {(t_load + t_materialize) / t_lxml:5.2f}"
    )
    print(
        f"peak RSS: before loading {rss_before:6.1f} MB, after load {rss_loaded:6.1f} MB "
        f"(target ≤ 300), after building every node {rss:6.1f} MB"
    )
    print(
        f"lookup median: {statistics.median(samples) / 1000:6.2f} µs (cached)  "
        f"{statistics.median(cold) / 1000:6.2f} µs (parse each time)  target ≤ 20 µs"
    )


if __name__ == "__main__":
    main()
