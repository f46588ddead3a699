"""rouge-compute's numbers are the doubles a JavaScript engine gets from the page.

``tests/js/rouge.mjs`` evaluates the Behavior bullets from each segment's counts (found by the
oracle's ``*_counts``): the divisions, the F-measure in its order, the means left to right and
``toFixed``. Every case goes to one node process; doubles come back as bit patterns and are
compared with ``==``.
"""

import json
import random

from bench.rouge_texts import summary_pairs
from mtcompute import execute
from mtcompute.metrics.rouge.scores import lcs_counts, lsum_counts, ngram_counts
from mtcompute.metrics.rouge.tokenizer import sentences, tokenize
from tests.javascript import from_hex, run_node

TYPES = ["rouge1", "rouge2", "rouge4", "rougeL", "rougeLsum"]


def _counts(hypothesis: str, reference: str) -> list[tuple[int, int, int]]:
    ours, theirs = tokenize(hypothesis), tokenize(reference)
    return [
        ngram_counts(theirs, ours, 1),
        ngram_counts(theirs, ours, 2),
        ngram_counts(theirs, ours, 4),
        lcs_counts(theirs, ours),
        lsum_counts(
            [tokenize(sentence) for sentence in sentences(reference)],
            [tokenize(sentence) for sentence in sentences(hypothesis)],
        ),
    ]


def test_every_number_and_mean_is_the_javascript_engines() -> None:
    rng = random.Random(12)
    pairs = [*summary_pairs(400, seed=13), ("", "a"), ("...", ""), ("a b", "a b")]
    cases = []
    for _ in range(60):
        chosen = rng.sample(pairs, rng.randint(1, 25))
        decimals = None if rng.random() < 0.5 else rng.randint(0, 15)
        cases.append((chosen, decimals))
    lines = [
        json.dumps([[_counts(h, r) for h, r in chosen], decimals]) for chosen, decimals in cases
    ]
    answers = run_node("rouge.mjs", [], lines)
    for (chosen, decimals), answer in zip(cases, answers, strict=True):
        raw = {
            "hypotheses": [h for h, _ in chosen],
            "references": [[r] for _, r in chosen],
            "rouge_types": TYPES,
        } | ({} if decimals is None else {"decimals": decimals})
        result = execute("rouge-compute", "1.0.0", raw)
        segments, means = json.loads(answer)
        for segment, expected in zip(result["segments"], segments, strict=True):
            for name, triple in zip(TYPES, expected, strict=True):
                assert list(segment[name].values()) == [from_hex(x) for x in triple]
        for name, triple in zip(TYPES, means, strict=True):
            assert list(result["means"][name].values()) == [from_hex(x) for x in triple]
