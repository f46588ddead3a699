"""``mtcompute score`` on generated text files gives sacreBLEU 2.6's numbers and lines.

Like sacreBLEU's command line, ``score`` removes each line's trailing whitespace before scoring;
the Python calls it is compared with are given the lines so stripped.

sacreBLEU runs as ``BLEU(tokenize=T, lowercase=L)`` with its default exp smoothing (its
``-tok T [-lc]``), and ``CHRF()`` / ``CHRF(word_order=2)``, on the very lines the files hold,
the references as streams (one per file); and its CLI on the example files. BLEU is compared
within 1e-12 relative (sacreBLEU computes on the 0-100 scale with the platform's ``math.log``);
chrF bit for bit; the text after each score (precisions, BP, ratio, lengths) character for
character.
"""

import math
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from sacrebleu.metrics.bleu import BLEU
from sacrebleu.metrics.chrf import CHRF

from mtcompute import jsonio
from mtcompute.cli.group import cli
from mtcompute.version import __version__

_WORDS = (
    "the", "cat", "sat", "on", "a", "mat", "(hi)", "don't", "U.S.", "é", "😀", "naïve", "!",
    "Über", "3,000.5", "5-4", "«oui»", "中文", "你好。", "&amp;", "<skipped>", "İstanbul", "—",
)  # fmt: skip
TOKENIZERS = ("13a", "intl", "zh", "char", "none")
_SPACES = (" ", " ", " ", "\t", "\u00a0", "\u3000", "  ")
_RELATIVE_TOLERANCE = 1e-12


def _line(rng: random.Random) -> str:
    words = [rng.choice(_WORDS) for _ in range(rng.choice([0, 1, 3, 8, 20]))]
    text = "".join(word + rng.choice(_SPACES) for word in words)
    return text.rstrip(" ") if rng.random() < 0.8 else text


def _edited(rng: random.Random, line: str) -> str:
    words = [w for w in line.split(" ") if rng.random() > 0.15]
    return " ".join(rng.choice(_WORDS) if rng.random() < 0.2 else w for w in words)


def _corpus(seed: int, segments: int, nrefs: int) -> tuple[list[str], list[list[str]]]:
    rng = random.Random(seed)
    hypotheses = [_line(rng) for _ in range(segments)]
    streams = [
        [_edited(rng, h) if rng.random() < 0.8 else _line(rng) for h in hypotheses]
        for _ in range(nrefs)
    ]
    return hypotheses, streams


def _write(path: Path, lines: list[str], newline: str = "\n", final: bool = True) -> str:
    path.write_bytes((newline.join(lines) + (newline if final else "")).encode("utf-8"))
    return str(path)


def _files(tmp_path: Path, hypotheses: list[str], streams: list[list[str]]) -> list[str]:
    args = ["-i", _write(tmp_path / "hyp.txt", hypotheses)]
    for k, stream in enumerate(streams):
        # Every other file in CRLF, and without a final newline where its last line is not
        # empty (an empty last line needs one): the scores cannot tell.
        crlf = k % 2 == 1
        final = not crlf or stream[-1] == ""
        name = _write(tmp_path / f"ref{k}.txt", stream, "\r\n" if crlf else "\n", final)
        args += ["-r", name]
    return args


def score(*args: str, stdin: bytes | None = None) -> Result:
    return CliRunner().invoke(cli, ["score", *args], input=stdin)


def _json(*args: str) -> list[dict[str, Any]]:
    """mtcompute's objects (``--format jsonl``), in sacreBLEU's order of the metrics."""
    result = score(*args, "--format", "jsonl")
    assert result.exit_code == 0, result.stderr
    return [jsonio.loads(line) for line in result.stdout.splitlines()]  # type: ignore[misc]


def _stripped(hypotheses: list[str], streams: list[list[str]]) -> tuple[list[str], list[list[str]]]:
    """The lines as sacreBLEU's command line reads them: trailing whitespace removed."""
    return [h.rstrip() for h in hypotheses], [[r.rstrip() for r in s] for s in streams]


def _close(ours: float, theirs: float) -> bool:
    return ours == theirs or math.isclose(ours, theirs, rel_tol=_RELATIVE_TOLERANCE, abs_tol=0)


# (3, 3000, 4) is a WMT-sized test set: three times the request limit of the chrF tools.
@pytest.mark.parametrize(
    ("seed", "segments", "nrefs"), [(1, 200, 1), (2, 200, 2), (3, 3000, 4), (4, 50, 3)]
)
def test_corpus_scores_equal_sacrebleus_on_the_same_files(
    tmp_path: Path, seed: int, segments: int, nrefs: int
) -> None:
    hypotheses, streams = _corpus(seed, segments, nrefs)
    args = _files(tmp_path, hypotheses, streams)
    hypotheses, streams = _stripped(hypotheses, streams)
    bleu, chrf, chrf_plus_plus = _json(*args, "-m", "bleu", "-m", "chrf", "-m", "chrf++")
    theirs = BLEU(force=True).corpus_score(hypotheses, streams)
    assert _close(bleu["score"], theirs.score)
    assert bleu["verbose_score"] == theirs.format().split(" ", 3)[3]
    assert chrf["score"] == CHRF().corpus_score(hypotheses, streams).score
    assert chrf_plus_plus["score"] == CHRF(word_order=2).corpus_score(hypotheses, streams).score
    assert [item["name"] for item in (bleu, chrf, chrf_plus_plus)] == ["BLEU", "chrF2", "chrF2++"]


@pytest.mark.parametrize("tokenizer", TOKENIZERS)
@pytest.mark.parametrize("smoothing", ["exp", "none", "floor", "add-k"])
@pytest.mark.parametrize("lowercase", [False, True])
def test_corpus_bleu_equals_sacrebleus_with_each_tokenizer_smoothing_and_case(
    tmp_path: Path, tokenizer: str, smoothing: str, lowercase: bool
) -> None:
    hypotheses, streams = _corpus(9, 120, 2)
    case = ["-lc"] if lowercase else []
    args = [*_files(tmp_path, hypotheses, streams), "-tok", tokenizer, "-s", smoothing, *case]
    hypotheses, streams = _stripped(hypotheses, streams)
    (bleu,) = _json(*args)
    their_bleu = BLEU(tokenize=tokenizer, smooth_method=smoothing, lowercase=lowercase)
    theirs = their_bleu.corpus_score(hypotheses, streams)
    assert _close(bleu["score"], theirs.score), (bleu, theirs)
    assert bleu["verbose_score"] == theirs.format().split(" ", 3)[3]


def test_the_text_lines_are_sacrebleus_with_the_signature_after_the_name(tmp_path: Path) -> None:
    hypotheses, streams = _corpus(5, 300, 2)
    args = _files(tmp_path, hypotheses, streams)
    hypotheses, streams = _stripped(hypotheses, streams)
    result = score(*args, "-m", "bleu", "-m", "chrf", "-f", "text", "-w", "2")
    assert result.exit_code == 0
    bleu_line, chrf_line = (line.lstrip() for line in result.stdout.splitlines())
    their_line = BLEU(force=True).corpus_score(hypotheses, streams).format()
    signature = (
        "nrefs:2|case:mixed|eff:no|tok:13a|smooth:exp|tool:bleu-corpus-compute@1.0.0|"
        f"mtcompute:{__version__}"
    )
    assert bleu_line == their_line.replace("BLEU = ", f"BLEU|{signature} = ")
    chrf_signature = (
        "nrefs:2|case:mixed|eff:yes|nc:6|nw:0|space:no|tool:chrf-compute@1.0.0|"
        f"mtcompute:{__version__}"
    )
    their_chrf = CHRF().corpus_score(hypotheses, streams).format()
    assert chrf_line == their_chrf.replace("chrF2 = ", f"chrF2|{chrf_signature} = ")


@pytest.mark.parametrize("smoothing", ["none", "exp", "floor", "add-k"])
def test_sentence_level_bleu_equals_sacrebleus_sentence_score(
    tmp_path: Path, smoothing: str
) -> None:
    hypotheses, streams = _corpus(6, 60, 2)
    scored = _json(*_files(tmp_path, hypotheses, streams), "--sentence-level", "-s", smoothing)
    hypotheses, streams = _stripped(hypotheses, streams)
    theirs = BLEU(smooth_method=smoothing, effective_order=True, force=True)
    assert [item["line"] for item in scored] == list(range(1, 61))
    for item, hypothesis, *refs in zip(scored, hypotheses, *streams, strict=True):
        their_score = theirs.sentence_score(hypothesis, refs)
        assert _close(item["score"], their_score.score), (item, their_score)
        if theirs._preprocess_segment(hypothesis).split():  # an empty one's BP is 1 there
            assert item["verbose_score"] == their_score.format().split(" ", 3)[3], item


def test_sentence_level_chrf_equals_sacrebleus_bit_for_bit(tmp_path: Path) -> None:
    hypotheses, streams = _corpus(7, 80, 3)
    args = _files(tmp_path, hypotheses, streams)
    hypotheses, streams = _stripped(hypotheses, streams)
    scored = _json(*args, "--sentence-level", "-m", "chrf", "-m", "chrf++")
    chrf, chrf_plus_plus = CHRF(), CHRF(word_order=2)
    for line, (hypothesis, *refs) in enumerate(zip(hypotheses, *streams, strict=True)):
        ours = scored[2 * line : 2 * line + 2]
        assert [item["line"] for item in ours] == [line + 1, line + 1]
        assert ours[0]["score"] == chrf.sentence_score(hypothesis, refs).score
        assert ours[1]["score"] == chrf_plus_plus.sentence_score(hypothesis, refs).score


def test_sentence_level_text_is_a_line_per_segment_and_metric(tmp_path: Path) -> None:
    args = [
        "-i",
        _write(tmp_path / "h.txt", ["a b c", "d e"]),
        "-r",
        _write(tmp_path / "r.txt", ["a b c", "d f"]),
    ]
    result = score(*args, "--sentence-level", "-m", "bleu", "-m", "chrf")
    lines = result.stdout.splitlines()
    assert [line.split("|")[0] for line in lines] == ["BLEU", "chrF2", "BLEU", "chrF2"]
    assert "|eff:yes|tok:13a|smooth:exp|tool:bleu-sentence-compute@1.0.0|" in lines[0]


def test_the_json_result_is_the_tools_result_object(tmp_path: Path) -> None:
    args = [
        "-i",
        _write(tmp_path / "h.txt", ["a b c d"]),
        "-r",
        _write(tmp_path / "r.txt", ["a b c d"]),
    ]
    (bleu,) = _json(*args)
    assert bleu["result"] == {
        "bleu": 1,
        "brevity_penalty": 1,
        "candidate_length": 4,
        "reference_length": 4,
        "max_order": 4,
        "matches": [4, 3, 2, 1],
        "totals": [4, 3, 2, 1],
    }
    assert bleu["score"] == 100


def test_decimals_and_max_order_change_the_text_and_the_signature(tmp_path: Path) -> None:
    args = [
        "-i",
        _write(tmp_path / "h.txt", ["a b c d"]),
        "-r",
        _write(tmp_path / "r.txt", ["a b c e"]),
    ]
    result = score(*args, "--max-order", "2", "-w", "4", "-f", "text")
    assert result.stdout.startswith("BLEU|nrefs:1|order:2|case:mixed|eff:no|tok:13a|smooth:exp|")
    assert " = 70.7107 75.0/66.7 (BP = 1.000" in result.stdout


def test_references_may_be_named_first_and_the_hypotheses_come_on_standard_input(
    tmp_path: Path,
) -> None:
    first = _write(tmp_path / "r1.txt", ["a b c d"])
    second = _write(tmp_path / "r2.txt", ["a b c e"])
    result = score(first, second, "-m", "chrF", "-m", "BLEU", "-f", "text", stdin=b"a b c d\n")
    assert result.exit_code == 0, result.stderr
    assert [line.lstrip().split("|")[:2] for line in result.stdout.splitlines()] == [
        ["BLEU", "nrefs:2"],  # sacreBLEU's order: by name
        ["chrF2", "nrefs:2"],
    ]


def test_score_only_prints_each_score_at_the_width_asked(tmp_path: Path) -> None:
    args = [_write(tmp_path / "r.txt", ["a b c e"]), "-i", _write(tmp_path / "h.txt", ["a b c d"])]
    result = score(*args, "-b", "-w", "3", "--max-order", "2", "-f", "text")
    assert result.stdout == "70.711\n"


def test_no_reference_at_all_is_a_usage_error(tmp_path: Path) -> None:
    result = score("-i", _write(tmp_path / "h.txt", ["a"]))
    assert result.exit_code == 2
    assert "expected at least one reference file" in result.stderr


def test_standard_input_is_read_with_a_dash(tmp_path: Path) -> None:
    reference = _write(tmp_path / "r.txt", ["a b c d"])
    result = score("-i", "-", "-r", reference, "-m", "chrf", "-f", "text", stdin=b"a b c d\r\n")
    assert result.exit_code == 0
    assert result.stdout.endswith(" = 100.0\n")


def _errors(result: Result) -> list[dict[str, str]]:
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1  # one line
    answer: dict[str, list[dict[str, str]]] = jsonio.loads(result.stderr)  # type: ignore[assignment]
    return answer["errors"]


def test_files_of_different_line_counts_exit_2_and_nothing_is_truncated(tmp_path: Path) -> None:
    hyp = _write(tmp_path / "hyp.txt", ["a", "b", "c"])
    ref = _write(tmp_path / "ref.txt", ["a", "b"])
    (error,) = _errors(score("-i", hyp, "-r", ref))
    assert error["code"] == "line_count_mismatch"
    assert str(tmp_path / "ref.txt") in error["message"]
    assert "has 2 lines but" in error["message"]


def test_every_unreadable_file_is_named_at_once_with_exit_2(tmp_path: Path) -> None:
    hyp = _write(tmp_path / "hyp.txt", ["a"])
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    latin1 = tmp_path / "latin1.txt"
    latin1.write_bytes("ok\ncaf\u00e9\n".encode("latin-1"))
    missing = str(tmp_path / "missing.txt")
    errors = _errors(score("-i", hyp, "-r", str(empty), "-r", str(latin1), "-r", missing))
    assert [e["code"] for e in errors] == ["empty_file", "invalid_utf8", "file_not_found"]
    assert "line 2 is not UTF-8 (byte 0xe9" in errors[1]["message"]


def test_a_missing_hypothesis_file_exits_2(tmp_path: Path) -> None:
    ref = _write(tmp_path / "ref.txt", ["a"])
    (error,) = _errors(score("-i", str(tmp_path / "nope.txt"), "-r", ref))
    assert error["code"] == "file_not_found"


def test_standard_input_can_stand_for_one_file_only() -> None:
    (error,) = _errors(score("-i", "-", "-r", "-", stdin=b"a\n"))
    assert "one file only" in error["message"]


def test_a_smoothing_value_for_a_method_that_takes_none_exits_2(tmp_path: Path) -> None:
    args = ["-i", _write(tmp_path / "h.txt", ["a"]), "-r", _write(tmp_path / "r.txt", ["a"])]
    (error,) = _errors(score(*args, "-s", "exp", "-sv", "0.5"))
    assert error["code"] == "smoothing_takes_no_value"
    assert "--smooth-value" in error["message"]


def test_an_unknown_tokenizer_exits_2_naming_the_tokenizers(tmp_path: Path) -> None:
    args = ["-i", _write(tmp_path / "h.txt", ["a"]), "-r", _write(tmp_path / "r.txt", ["a"])]
    (error,) = _errors(score(*args, "-tok", "moses"))
    assert error["code"] == "unknown_tokenizer"
    assert "expected one of 13a, intl, zh, char, none" in error["message"]


def test_an_option_out_of_the_contracts_range_exits_2_with_its_message(tmp_path: Path) -> None:
    args = ["-i", _write(tmp_path / "h.txt", ["a"]), "-r", _write(tmp_path / "r.txt", ["a"])]
    (error,) = _errors(score(*args, "--max-order", "0"))
    assert error["pointer"] == "/max_order"


def test_the_help_shows_an_example_that_prints_what_it_shows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    help_text = CliRunner().invoke(cli, ["score", "--help"]).stdout
    example = re.search(r"\n    mtcompute (score .*)\n((?:    \S.*\n)+)", help_text)
    assert example is not None
    monkeypatch.chdir(Path(__file__).parents[2] / "examples" / "score")
    shown = [line.removeprefix("    ") for line in example.group(2).splitlines()]
    assert score(*example.group(1).split()[1:], "--jobs", "1").stdout.splitlines() == shown


def test_a_100000_segment_corpus_is_scored_without_request_limits(tmp_path: Path) -> None:
    rng = random.Random(8)
    hypotheses = [" ".join(rng.choice(_WORDS) for _ in range(8)) for _ in range(100_000)]
    references = [_edited(rng, line) for line in hypotheses]
    args = [
        "-i",
        _write(tmp_path / "h.txt", hypotheses),
        "-r",
        _write(tmp_path / "r.txt", references),
    ]
    bleu, chrf = _json(*args, "-m", "bleu", "-m", "chrf", "-tok", "none")
    assert bleu["result"]["candidate_length"] == 800_000
    assert chrf["result"]["statistics"]["hypothesis"][0] == sum(map(len, hypotheses)) - 700_000
    assert "segments" not in chrf["result"]  # per-segment data is what --sentence-level gives
    assert 0 < bleu["score"] < 100


@pytest.mark.slow
@pytest.mark.parametrize("tokenizer", TOKENIZERS)
def test_a_bleu_line_equals_sacrebleus_cli_to_the_last_printed_digit(tokenizer: str) -> None:
    folder = Path(__file__).parents[2] / "examples" / "score"
    files = [str(folder / name) for name in ("hyp.txt", "ref1.txt", "ref2.txt")]
    sacrebleu = Path(sys.executable).with_name("sacrebleu")
    their_command = [str(sacrebleu), *files[1:], "-i", files[0], "-tok", tokenizer, "-w", "4"]
    theirs = subprocess.run([*their_command, "-f", "text"], capture_output=True, check=True)
    ours = score(
        "-i",
        files[0],
        "-r",
        files[1],
        "-r",
        files[2],
        "-tok",
        tokenizer,
        "--width",
        "4",
        "-f",
        "text",
    )
    assert ours.exit_code == 0, ours.stderr
    their_name, their_rest = theirs.stdout.decode().strip().split(" = ", 1)
    our_name, our_rest = ours.stdout.strip().split(" = ", 1)
    assert our_rest == their_rest
    assert our_name.split("|tool:")[0] == their_name.split("|version:")[0]
