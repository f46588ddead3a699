"""bleu-ngrams-count's counts and tables are what a JavaScript engine gets from the page.

``tests/js/ngrams.mjs`` evaluates the Behavior bullets on token lists (n-grams keyed by their
exact strings, rows in order of first occurrence, "clipped" keeping hypothesis_count >
max_reference_count). Every case goes to one node process; the result objects are compared
whole with ``==``. The corpora are large enough, in part, to take the vectorised path.
"""

import json
import random

import pytest

from mtcompute import ngram_counts
from mtcompute.metrics.ngrams import CLIPPING_TABLES, ClippingTable
from tests.javascript import run_node

# Few types, so that n-grams repeat, plus look-alikes that must stay apart.
_VOCABULARY = ("a", "b", "c", "a", "b", "A", "a ", "é", "e\u0301", "🙂", "\u00a0")

Case = tuple[list[list[str]], list[list[list[str]]], int, ClippingTable]


def _tokens(rng: random.Random, longest: int) -> list[str]:
    types = rng.randint(1, len(_VOCABULARY))
    return [rng.choice(_VOCABULARY[:types]) for _ in range(rng.randint(0, longest))]


def _random_case(rng: random.Random) -> Case:
    longest = rng.choice([3, 12, 40])
    segments = rng.randint(1, 12)
    hypotheses = [_tokens(rng, longest) for _ in range(segments)]
    references = [[_tokens(rng, longest) for _ in range(rng.randint(1, 8))] for _ in hypotheses]
    return hypotheses, references, rng.randint(1, 8), rng.choice(CLIPPING_TABLES)


@pytest.mark.slow
def test_ngram_counts_give_the_result_objects_of_javascript_on_generated_corpora() -> None:
    rng = random.Random(1_0002)
    cases = [_random_case(rng) for _ in range(3_000)]
    results = [ngram_counts(h, r, max_order=n, clipping_table=t) for h, r, n, t in cases]
    assert sum(sum(result.matches) > 0 for result in results) > len(cases) // 2
    ours = [result.to_dict() for result in results]
    theirs = [
        json.loads(line)
        for line in run_node("ngrams.mjs", [], [json.dumps(case) for case in cases])
    ]
    differences = [
        (case, mine, js) for case, mine, js in zip(cases, ours, theirs, strict=True) if mine != js
    ]
    assert not differences, f"{len(differences)} differences, first: {differences[:2]}"
