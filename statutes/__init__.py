"""Statute corpus: State Decoded XML → pinpoint-citable, verbatim-quotable text."""

from statutes.citations import CitationError, CitationNotFound, CitationSyntaxError
from statutes.corpus import Corpus, default_corpus, default_corpus_dir, load_corpus
from statutes.loader import CorpusLoadError
from statutes.model import Finding, Law, Node, Reference

__all__ = [
    "CitationError",
    "CitationNotFound",
    "CitationSyntaxError",
    "Corpus",
    "CorpusLoadError",
    "Finding",
    "Law",
    "Node",
    "Reference",
    "default_corpus",
    "default_corpus_dir",
    "load_corpus",
]
