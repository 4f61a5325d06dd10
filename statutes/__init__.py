"""Statute corpus: State Decoded XML → pinpoint-citable, verbatim-quotable text, by version."""

from statutes.citations import CitationError, CitationNotFound, CitationSyntaxError
from statutes.corpus import Corpus, default_corpus, default_corpus_dir, load_corpus
from statutes.in_force import InForce
from statutes.loader import CorpusLoadError
from statutes.model import Finding, Law, Node, Reference
from statutes.versions import CURRENT, Version
from statutes.view import CorpusView, Fallback, VersionUnsettled

__all__ = [
    "CURRENT",
    "CitationError",
    "CitationNotFound",
    "CitationSyntaxError",
    "Corpus",
    "CorpusLoadError",
    "CorpusView",
    "Fallback",
    "Finding",
    "InForce",
    "Law",
    "Node",
    "Reference",
    "Version",
    "VersionUnsettled",
    "default_corpus",
    "default_corpus_dir",
    "load_corpus",
]
