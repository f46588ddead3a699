"""mypy catches a str passed where a token list (or a list of texts) is due: the library's
parameters are ``list[str] | tuple[str, ...]``, not ``Sequence[str]``, which a str also is.

One mypy run checks a module of calls, a line each: a mistake on every line up to the first
valid one, where mypy must report nothing.
"""

import re
from pathlib import Path

import pytest
from mypy import api as mypy

pytestmark = pytest.mark.slow

_MISTAKES = [
    'mtcompute.corpus_bleu(["a b"], [[["a", "b"]]])',
    'mtcompute.corpus_bleu([["a"]], [["a b"]])',
    'mtcompute.sentence_bleu("a b", [["a", "b"]])',
    'mtcompute.sentence_bleu(["a"], ["a b"])',
    'mtcompute.ngram_counts(["a b"], [[["a", "b"]]])',
    'mtcompute.chrf("a b", [["a b"]])',
    'mtcompute.chrf(["a b"], ["a b"])',
    'mtcompute.ter_from_statistics([mtcompute.ter(["a"], [["a"]]).statistics])',
    'mtcompute.chrf_from_statistics([mtcompute.chrf(["a"], [["a"]])])',
]
_VALID = [
    'mtcompute.corpus_bleu([("a", "b")], [[["a", "b"]]])',
    'mtcompute.sentence_bleu("a b".split(), ["a b".split()])',
    'mtcompute.chrf(["a b"], [("a b",)])',
    'mtcompute.ter_from_statistics([mtcompute.ter(["a"], [["a"]]).segments])',
]


def test_mypy_refuses_each_string_where_a_list_is_due_and_accepts_lists(tmp_path: Path) -> None:
    module = tmp_path / "example.py"
    module.write_text("\n".join(["import mtcompute", *_MISTAKES, *_VALID]) + "\n")
    stdout, _, status = mypy.run(["--strict", "--cache-dir", str(tmp_path / "cache"), str(module)])
    flagged = {int(line) for line in re.findall(r"example\.py:(\d+): error", stdout)}
    assert status == 1
    assert flagged == set(range(2, 2 + len(_MISTAKES))), stdout
