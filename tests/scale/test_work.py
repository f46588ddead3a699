import orjson
import pytest

from mtcompute import jsonio
from mtcompute.fast import compiled
from mtcompute.scale.chunks import Chunk
from mtcompute.scale.work import ChunkResult, Plan, run_chunk
from mtcompute.scoring.score import score_sentences
from tests.compiled_paths import compiled_paths
from tests.scale.corpora import chunks_of, generated_test_set

HYPOTHESES, STREAMS = generated_test_set(40, references=2, seed=2)
METRICS = ("bleu", "chrf", "ter")


def _chunks(size: int) -> list[Chunk]:
    return chunks_of(HYPOTHESES, STREAMS, size)


@pytest.mark.parametrize("output_format", ["text", "json", "jsonl"])
def test_a_chunks_lines_do_not_depend_on_where_the_chunks_were_cut(output_format: str) -> None:
    plan = Plan.of(METRICS, {}, sentence_level=True, output_format=output_format)
    whole = run_chunk(plan, _chunks(40)[0])
    assert b"".join(run_chunk(plan, chunk) for chunk in _chunks(7)) == whole  # type: ignore[misc]


def test_text_lines_are_sacrebleus_a_line_per_segment_and_short_signatures_if_asked() -> None:
    plan = Plan.of(("chrf",), {}, sentence_level=True, short=True)
    output = run_chunk(plan, _chunks(7)[1])
    assert isinstance(output, bytes)
    lines = output.decode().splitlines()
    assert len(lines) == 7
    assert all(line.startswith("chrF2|#:2|c:mixed|e:yes|nc:6|nw:0|s:no|") for line in lines)


def test_strip_removes_trailing_whitespace_as_sacrebleus_command_line() -> None:
    chunk = Chunk.of(1, ["a b c \u3000", "d e\t"], [["a b c", "d e"]])
    plan = Plan.of(("chrf",), {"chrf_whitespace": True}, sentence_level=True, strip=True)
    output = run_chunk(plan, chunk)
    assert isinstance(output, bytes)
    assert [line.split(" = ")[1] for line in output.decode().splitlines()] == ["100.00"] * 2


def test_json_lines_are_the_scored_objects_one_a_line() -> None:
    plan = Plan.of(("bleu",), {"tokenize": "char"}, sentence_level=True, output_format="jsonl")
    output = run_chunk(plan, _chunks(40)[0])
    assert isinstance(output, bytes)
    expected = score_sentences(HYPOTHESES, STREAMS, ["bleu"], {"tokenize": "char"})
    assert [orjson.loads(line) for line in output.splitlines()] == [
        orjson.loads(jsonio.dumps(item.to_json())) for item in expected
    ]


def test_score_only_prints_the_rounded_score_alone() -> None:
    plan = Plan.of(("ter",), {}, sentence_level=True, decimals=4, score_only=True)
    output = run_chunk(plan, _chunks(40)[0])
    assert isinstance(output, bytes)
    expected = [f"{item.score:.4f}" for item in score_sentences(HYPOTHESES, STREAMS, ["ter"])]
    assert output.decode().splitlines() == expected


def test_a_corpus_chunk_gives_each_metrics_statistics() -> None:
    plan = Plan.of(METRICS, {})
    parts = run_chunk(plan, _chunks(40)[0])
    assert isinstance(parts, list)
    assert len(parts) == 3
    assert parts[0].candidate_length > 0


@pytest.mark.parametrize("metric", ["bleu", "chrf", "chrf++", "ter"])
def test_text_lines_are_each_scored_segments_text(metric: str) -> None:
    output = run_chunk(Plan.of((metric,), {}, sentence_level=True, decimals=5), _chunks(40)[0])
    assert isinstance(output, bytes)
    expected = [item.text(5) for item in score_sentences(HYPOTHESES, STREAMS, [metric])]
    assert output.decode().splitlines() == expected


@pytest.mark.parametrize(
    "settings",
    [
        {},
        {"smoothing": "none", "lowercase": True},
        {"smoothing": "floor", "smoothing_value": 0.3, "tokenize": "intl"},
        {"smoothing": "add-k"},
        {"max_order": 2, "tokenize": "char"},
    ],
)
@pytest.mark.parametrize("score_only", [False, True])
def test_sentence_bleu_lines_of_the_compiled_pass_are_each_segments_lines_byte_for_byte(
    settings: dict[str, object], score_only: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    def lines(plan: Plan) -> list[ChunkResult]:
        return [run_chunk(plan, chunk) for chunk in _chunks(15)]

    plan = Plan.of(("bleu", "chrf"), settings, sentence_level=True, score_only=score_only)
    compiled_lines = lines(plan)
    for name in compiled_paths():  # the package as installed without a C compiler
        monkeypatch.setattr(compiled, name, None)
    assert lines(plan) == compiled_lines
