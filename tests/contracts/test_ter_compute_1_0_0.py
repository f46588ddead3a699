"""ter-compute@1.0.0: sacreBLEU's TER bit for bit, statistics that add up, and every input that
breaks the contract refused with a pointer, the pair bytes among them."""

from dataclasses import asdict
from typing import Any

import pytest
from sacrebleu.metrics.ter import TER

import mtcompute
from mtcompute import execute
from mtcompute.contracts.ter_compute_1_0_0 import LIMITS
from mtcompute.errors import InputError
from mtcompute.metrics.ter.options import TerOptions
from tests.metrics.ter import tricky_texts
from tests.metrics.ter.sacrebleu_peer import EVERY_OPTION_COMBINATION, expected

ID, VERSION = "ter-compute", "1.0.0"
MAX_PAIR_BYTES = LIMITS.max_total_pair_bytes or 0
ONE = {"hypotheses": ["a"], "references": [["a"]]}


def _errors(raw: dict[str, Any]) -> list[tuple[str, str]]:
    with pytest.raises(InputError) as caught:
        execute(ID, VERSION, raw)
    return [(error["code"], error["pointer"]) for error in caught.value.errors]


def test_the_score_is_sacrebleus_with_every_option() -> None:
    hypotheses = ["Hello, World! 我爱你。", "the cat sat on the mat", ""]
    references = [["hello world 我爱你"], ["a cat sat on a mat", "the cat is on the mat"], ["x"]]
    streams: list[list[Any]] = [[refs[0] for refs in references], [None, references[1][1], None]]
    for flags in range(16):
        normalized, no_punct, asian_support, case_sensitive = (
            bool(flags & b) for b in (1, 2, 4, 8)
        )
        options = {
            "normalized": normalized,
            "no_punct": no_punct,
            "asian_support": asian_support,
            "case_sensitive": case_sensitive,
        }
        raw = {"hypotheses": hypotheses, "references": references, **options}
        their_ter = TER(normalized, no_punct, asian_support, case_sensitive)
        theirs = their_ter.corpus_score(hypotheses, streams)
        assert 100 * execute(ID, VERSION, raw)["ter"] == theirs.score, options


def test_statistics_of_parts_add_up_to_the_whole() -> None:
    first = mtcompute.ter(["a b c"], [["a c b"]])
    second = mtcompute.ter(["d"], [["e f", "e"]])
    whole = mtcompute.ter(["a b c", "d"], [["a c b"], ["e f", "e"]])
    assert first.statistics + second.statistics == whole.statistics


def test_a_request_at_the_pair_bytes_limit_is_valid_and_one_byte_more_is_not() -> None:
    half = MAX_PAIR_BYTES // 2
    text = "a" * (half // 16)
    hypotheses, references = [text] * 16, [[text]] * 16
    raw = {"hypotheses": hypotheses, "references": references}
    assert len(execute(ID, VERSION, raw)["segments"]) == 16
    hypotheses[0] += "b"
    assert _errors(raw) == [("too_many_pair_bytes", "")]


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (
            {"hypotheses": [], "references": []},
            [("too_few_items", "/hypotheses"), ("too_few_items", "/references")],
        ),
        ({"hypotheses": ["a"], "references": [[]]}, [("too_few_items", "/references/0")]),
        ({"hypotheses": ["a"], "references": [["r"] * 9]}, [("too_many_items", "/references/0")]),
        (
            {"hypotheses": ["a" * 4097], "references": [["a"]]},
            [("string_too_long", "/hypotheses/0")],
        ),
        ({"hypotheses": ["\ud800"], "references": [["a"]]}, [("invalid_unicode", "/hypotheses/0")]),
        (
            {"hypotheses": ["a"], "references": [["a"]], "decimals": 16},
            [("above_maximum", "/decimals")],
        ),
        ({**ONE, "no_punct": 0}, [("type", "/no_punct")]),
        ({"hypotheses": ["a"], "references": ["a"]}, [("type", "/references/0")]),
    ],
)
def test_an_input_that_breaks_the_contract_is_refused_with_its_pointer(
    raw: dict[str, Any], expected: list[tuple[str, str]]
) -> None:
    assert _errors(raw) == expected


@pytest.mark.parametrize("options", EVERY_OPTION_COMBINATION, ids=str)
def test_generated_segments_of_every_script_and_space_are_sacrebleus(options: TerOptions) -> None:
    # Every kind of whitespace, entities, punctuation, CJK, kana, hangul and combining marks.
    corpus = tricky_texts.corpus(37, 40)
    raw = {
        "hypotheses": [hypothesis for hypothesis, _ in corpus],
        "references": [list(refs) for _, refs in corpus],
        **asdict(options),
    }
    answer = execute(ID, VERSION, raw)
    segments, score = expected(corpus, options)
    assert [(s["num_edits"], s["ref_length"]) for s in answer["segments"]] == list(segments)
    assert 100 * answer["ter"] == score
