"""ter-from-statistics@1.0.0: the segments of any split of a test set give bit for bit the ter,
num_edits and ref_length of ter-compute on the whole, three references included, where the
parts' sums would not; and every bad part is refused where it is wrong."""

import itertools
from collections.abc import Callable
from dataclasses import asdict
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.metrics.ter import TER

from mtcompute import execute, execute_batch, jsonio, ter
from mtcompute.contracts.inputs.parts import MAX_COUNT
from mtcompute.contracts.limits import UNLIMITED
from mtcompute.contracts.ter_from_statistics_1_0_0 import LIMITS, PARSER, parser
from mtcompute.errors import InputError, Violation
from mtcompute.metrics.ter.options import TerOptions
from tests.contracts.refusals import assert_pointers_name_places, assert_refused, refused_case
from tests.metrics.ter import tricky_texts
from tests.metrics.ter.sacrebleu_peer import (
    EVERY_OPTION_COMBINATION,
    expected,
    sacrebleu_ter,
    streams,
)
from tests.set_in_parts import make_test_set, texts

ID, VERSION = "ter-from-statistics", "1.0.0"
Input = dict[str, Any]
Make = Callable[[], object]


def segment(num_edits: object = 2, ref_length: object = 6.0, **more: object) -> Input:
    return {"num_edits": num_edits, "ref_length": ref_length, **more}


def body(*parts: object, **options: object) -> Input:
    return {"parts": list(parts), **options}


def input_errors(raw: object) -> list[Violation]:
    with pytest.raises(InputError) as caught:
        PARSER.parse(raw)
    return caught.value.errors


AT_THE_LIMIT = [
    pytest.param(lambda: body(*[[segment()]] * 1000), id="1000 parts pass"),
    pytest.param(lambda: body(*[[segment()] * 50] * 1000), id="50000 segments in all pass"),
    pytest.param(lambda: body([segment()] * 50_000), id="50000 segments in one part pass"),
    pytest.param(lambda: body([], [segment()]), id="an empty part passes"),
    pytest.param(lambda: body([segment(MAX_COUNT, MAX_COUNT)]), id="2^53-1 passes"),
    pytest.param(
        lambda: body([segment(MAX_COUNT - 1)], [segment(1)]), id="2^53-1 edits in all pass"
    ),
    pytest.param(lambda: body([segment(3, 2.0**-20)]), id="a ref_length of 2^-20 passes"),
    pytest.param(lambda: body([segment(2.0, 6)]), id="integral floats and ints pass"),
    pytest.param(lambda: body([segment(ter=0.3333)]), id="a rounded ter passes unread"),
    pytest.param(lambda: body([segment(0, 0)], decimals=15), id="nothing to edit, decimals 15"),
]


@pytest.mark.parametrize("make", AT_THE_LIMIT)
def test_an_input_exactly_at_a_limit_is_accepted(make: Make) -> None:
    request = PARSER.parse(make())
    statistics = [s for part in request.parts for s in part]
    assert all(type(s.num_edits) is int and type(s.ref_length) is float for s in statistics)


ONE_OVER = [
    refused_case(
        body,
        [("too_few_items", "/parts")],
        ("expected a non-empty array", "got an empty array", "at /parts"),
        "no parts",
    ),
    refused_case(
        lambda: body(*[[segment()]] * 1001),
        [("too_many_items", "/parts")],
        ("expected at most 1000 items", "got an array of 1001 items"),
        "1001 parts",
    ),
    refused_case(
        lambda: body(*[[segment()] * 50] * 1000, [segment()]),
        [("too_many_items", "/parts"), ("too_many_segments", "/parts")],
        ("expected at most 1000 items",),
        "1001 parts of 50001 segments",
    ),
    refused_case(
        lambda: body([segment()] * 25_000, [segment()] * 25_001),
        [("too_many_segments", "/parts")],
        ("expected at most 50000 segments in all its parts", "got 50001 at /parts"),
        "50001 segments in all",
    ),
    refused_case(
        lambda: body([segment(MAX_COUNT + 1, MAX_COUNT + 1)]),
        [("above_maximum", "/parts/0/0/num_edits"), ("above_maximum", "/parts/0/0/ref_length")],
        (f"expected an integer of at most {MAX_COUNT}", f"got {MAX_COUNT + 1}"),
        "counts over 2^53-1",
    ),
    refused_case(
        lambda: body([segment(MAX_COUNT)], [segment(1)]),
        [("too_many_edits", "/parts")],
        (f"expected at most {MAX_COUNT} edits in all its parts", f"got {MAX_COUNT + 1} at /parts"),
        "more than 2^53-1 edits in all",
    ),
    refused_case(
        lambda: body([segment(3, 0.0), segment(2_472_900, 2.225073858507203e-309)]),
        [("below_minimum", "/parts/0/1/ref_length")],
        ("expected 0 or a number of at least 2^-20", "got 2.225073858507203e-309 at"),
        "a positive ref_length below 2^-20, whose ter would overflow",
    ),
    refused_case(
        lambda: body([segment()], [segment(-1, -0.5)]),
        [("below_minimum", "/parts/1/0/num_edits"), ("below_minimum", "/parts/1/0/ref_length")],
        ("expected an integer of at least 0", "got -1 at /parts/1/0/num_edits"),
        "negative statistics",
    ),
    refused_case(
        lambda: body([segment(2.5, "6"), segment(True, None)]),
        [
            ("type", "/parts/0/0/num_edits"),
            ("type", "/parts/0/0/ref_length"),
            ("type", "/parts/0/1/num_edits"),
            ("type", "/parts/0/1/ref_length"),
        ],
        ("expected an integer", "got the number 2.5 at /parts/0/0/num_edits"),
        "a fraction, a string, a boolean and null",
    ),
    refused_case(
        lambda: body([{"ter": 0.5}]),
        [("required", "/parts/0/0/num_edits"), ("required", "/parts/0/0/ref_length")],
        ("expected the required property 'num_edits'",),
        "statistics missing",
    ),
    refused_case(
        lambda: body([segment(ter=-1)]),
        [("below_minimum", "/parts/0/0/ter")],
        ("expected a number of at least 0", "got -1 at /parts/0/0/ter"),
        "a negative ter, though unread",
    ),
    refused_case(
        lambda: body([segment(reference_index=0)]),
        [("unknown_property", "/parts/0/0/reference_index")],
        ("got the unknown property 'reference_index' at /parts/0/0",),
        "a chrF segment as a TER segment",
    ),
    refused_case(
        lambda: body({"ter": 0.5, "num_edits": 3, "ref_length": 6, "segments": [segment()]}),
        [("type", "/parts/0")],
        ("expected an array, got an object at /parts/0", 'bind each step\'s "/segments"'),
        "a whole ter-compute result as a part",
    ),
    refused_case(
        lambda: body(segment(), segment()),
        [("type", "/parts/0"), ("type", "/parts/1")],
        ("not a whole result or a sum (sums of ref_length need not add up",),
        "summed statistics as parts",
    ),
    refused_case(
        lambda: body([segment()], decimals=16, normalized=True),
        [("above_maximum", "/decimals"), ("unknown_property", "/normalized")],
        ("expected an integer of at most 15", "got 16 at /decimals"),
        "decimals 16 and an option that does not change how statistics add",
    ),
    refused_case(
        lambda: {"parts": [segment()]},
        [("type", "/parts/0")],
        ("expected an array", "got an object at /parts/0"),
        "one part's segments not in a list",
    ),
    refused_case(
        lambda: [[segment()]],
        [("type", "")],
        ("expected an object", "got an array of 1 item", "at the top level"),
        "input not an object",
    ),
]


def tool_errors(raw: object) -> list[Violation]:
    """The errors of ``execute``, which adds the tool's hints to the parser's."""
    with pytest.raises(InputError) as caught:
        execute(ID, VERSION, raw)
    return caught.value.errors


@pytest.mark.parametrize(("make", "expected", "says"), ONE_OVER)
def test_an_input_one_over_a_limit_or_rule_is_refused_with_code_and_pointer(
    make: Make, expected: list[tuple[str, str]], says: tuple[str, ...]
) -> None:
    assert_refused(tool_errors(make()), expected, says, any_order=True)


@pytest.mark.parametrize(("make", "expected", "says"), ONE_OVER)
def test_every_pointer_names_a_place_in_the_input(
    make: Make, expected: list[tuple[str, str]], says: tuple[str, ...]
) -> None:
    raw = make()
    assert_pointers_name_places(raw, input_errors(raw))


def test_the_limits_are_the_pages() -> None:
    assert LIMITS.to_json() == {"max_segments": 50_000, "max_parts": 1000}


def test_the_library_parser_takes_any_number_of_parts_and_segments() -> None:
    request = parser(UNLIMITED).parse(body(*[[segment()] * 50] * 1500))
    assert sum(map(len, request.parts)) == 75_000


# -- Bit for bit the whole ------------------------------------------------------------------------


def ter_compute(hypotheses: list[str], references: list[list[str]], **options: Any) -> Input:
    return execute(
        "ter-compute", VERSION, {"hypotheses": hypotheses, "references": references, **options}
    )


def combined(parts: list[Any], **options: Any) -> Input:
    return execute(ID, VERSION, {"parts": parts, **options})


def whole_fields(result: Input) -> Input:
    return {name: result[name] for name in ("ter", "num_edits", "ref_length")}


WORDS = st.sampled_from(["the", "cat", "sat", "on", "a", "mat", "dog", "."])
TEXTS = st.lists(WORDS, max_size=9).map(" ".join)
SEGMENT = st.tuples(TEXTS, st.lists(TEXTS, min_size=1, max_size=7))


@settings(max_examples=120, deadline=None)
@given(
    st.lists(SEGMENT, min_size=1, max_size=10),
    st.lists(st.integers(0, 10), max_size=4),
    st.booleans(),
    st.sampled_from([None, 0, 3]),
)
def test_the_segments_of_any_split_give_bit_for_bit_the_whole(
    segments: list[tuple[str, list[str]]],
    cuts: list[int],
    normalized: bool,
    decimals: int | None,
) -> None:
    hypotheses = [hypothesis for hypothesis, _ in segments]
    references = [refs for _, refs in segments]
    rounding: Input = {} if decimals is None else {"decimals": decimals}
    whole = ter_compute(hypotheses, references, normalized=normalized, **rounding)
    bounds = sorted({0, len(segments), *(cut for cut in cuts if cut <= len(segments))})
    parts = [
        ter_compute(hypotheses[a:b], references[a:b], normalized=normalized)["segments"]
        for a, b in itertools.pairwise(bounds)
    ]
    answer = combined(parts, **rounding)
    assert jsonio.dumps(answer) == jsonio.dumps(whole_fields(whole))


# Four segments of three references each, of 4 + 4 + 5 (or 4 + 5 + 5) words: ref_length 13/3
# three times, then 14/3, whose doubles add up differently two by two than in order.
THREE_REFERENCES = (
    ["the cat sat", "a dog sat on it", "the mat", "on the mat a cat"],
    [
        ["the cat sat on", "a cat sat on", "the cat sat on it"],
        ["a dog sat on", "the dog sat on", "a dog sat on it"],
        ["the mat is red", "a mat is red", "the mat is very red"],
        ["on the mat sat", "on a mat a cat", "on the mat a cat"],
    ],
)


def test_with_three_references_the_parts_segments_give_the_whole_where_their_sums_do_not() -> None:
    hypotheses, references = THREE_REFERENCES
    whole = ter_compute(hypotheses, references)
    halves = [ter_compute(hypotheses[a:b], references[a:b]) for a, b in ((0, 2), (2, 4))]
    summed = halves[0]["ref_length"] + halves[1]["ref_length"]
    assert [s["ref_length"] for s in whole["segments"]] == [13 / 3] * 3 + [14 / 3]
    assert summed != whole["ref_length"]  # why a part is its segments, not their sums
    answer = combined([half["segments"] for half in halves])
    assert jsonio.dumps(answer) == jsonio.dumps(whole_fields(whole))
    assert answer["ter"] != whole["num_edits"] / summed


def test_100_times_ter_is_sacrebleus_corpus_score_of_the_whole() -> None:
    hypotheses, references = THREE_REFERENCES
    parts = [ter_compute(hypotheses[a:b], references[a:b])["segments"] for a, b in ((0, 2), (2, 4))]
    streams = [list(stream) for stream in zip(*references, strict=True)]
    assert 100 * combined(parts)["ter"] == TER().corpus_score(hypotheses, streams).score


def test_one_batch_binds_each_parts_segments_and_scores_the_whole() -> None:
    hypotheses, references = THREE_REFERENCES
    operations: list[Input] = [
        {
            "id": "ter-compute",
            "version": VERSION,
            "input": {"hypotheses": hypotheses[a:b], "references": references[a:b]},
            "include_result": False,
        }
        for a, b in ((0, 1), (1, 3), (3, 4))
    ]
    bindings = [{"step": step, "pointer": "/segments"} for step in range(3)]
    operations.append({"id": ID, "version": VERSION, "input": {}, "bind": {"parts": bindings}})
    *_, entry = execute_batch(operations)
    assert entry == {"status": "ok", "result": whole_fields(ter_compute(hypotheses, references))}


def test_a_test_set_over_ter_computes_limits_scores_in_one_batch_as_the_whole() -> None:
    tokens, token_references = make_test_set()
    hypotheses = texts(tokens[:1000])
    references = [texts(refs) for refs in token_references[:1000]]
    with pytest.raises(InputError) as refused:
        ter_compute(hypotheses, references)
    assert "too_many_pair_bytes" in [error["code"] for error in refused.value.errors]
    operations: list[Input] = [
        {
            "id": "ter-compute",
            "version": VERSION,
            "input": {"hypotheses": hypotheses[a : a + 150], "references": references[a : a + 150]},
            "include_result": False,
        }
        for a in range(0, 1000, 150)
    ]
    bindings = [{"step": step, "pointer": "/segments"} for step in range(len(operations))]
    operations.append({"id": ID, "version": VERSION, "input": {}, "bind": {"parts": bindings}})
    entries = execute_batch(operations)
    assert [entry["status"] for entry in entries] == ["ok"] * 8
    whole = ter(hypotheses, references)
    expected = {"ter": whole.ter, "num_edits": whole.num_edits, "ref_length": whole.ref_length}
    assert jsonio.dumps(entries[-1]["result"]) == jsonio.dumps(expected)


@pytest.mark.parametrize("options", EVERY_OPTION_COMBINATION, ids=str)
def test_parts_of_generated_segments_of_every_script_and_space_give_sacrebleus_score(
    options: TerOptions,
) -> None:
    # Every kind of whitespace, entities, punctuation, CJK, kana, hangul and combining marks,
    # scored by ter-compute in four parts and combined: sacreBLEU's corpus score to the bit.
    corpus = tricky_texts.corpus(37, 40)
    hypotheses = [hypothesis for hypothesis, _ in corpus]
    references = [list(refs) for _, refs in corpus]
    flags = asdict(options)
    parts = [
        ter_compute(hypotheses[a:b], references[a:b], **flags)["segments"]
        for a, b in itertools.pairwise((0, 7, 8, 25, 40))
    ]
    segments, score = expected(corpus, options)
    assert [(s["num_edits"], s["ref_length"]) for p in parts for s in p] == list(segments)
    answer = combined(parts)
    assert 100 * answer["ter"] == score
    theirs = sacrebleu_ter(options).corpus_score(hypotheses, streams(references))
    assert (answer["num_edits"], answer["ref_length"]) == (theirs.num_edits, theirs.ref_length)
