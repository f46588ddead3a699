"""``score -tok`` takes sacreBLEU's multilingual tokenizers: a Japanese corpus is scored with
ja-mecab and signed as sacreBLEU signs it, and a SentencePiece tokenizer without its model exits
2 with one line saying what to run, nothing on standard output."""

from pathlib import Path

import pytest
from click.testing import CliRunner

from mtcompute.cli.group import cli

JAPANESE = ["今日は良い天気ですね。", "東京に行きました。", "日本語の文です。"]


def _files(tmp_path: Path) -> list[str]:
    ref = tmp_path / "ref.txt"
    hyp = tmp_path / "hyp.txt"
    ref.write_text("\n".join(JAPANESE) + "\n", encoding="utf-8")
    hyp.write_text("\n".join(reversed(JAPANESE)) + "\n", encoding="utf-8")
    return [str(ref), "-i", str(hyp)]


def test_ja_mecab_scores_and_signs_as_sacrebleu(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["score", *_files(tmp_path), "-tok", "ja-mecab"])
    assert result.exit_code == 0, result.output
    assert "tok:ja-mecab-0.996-IPA" in result.stdout


def test_a_missing_model_exits_2_saying_what_to_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SACREBLEU", str(tmp_path / "cache"))
    result = CliRunner().invoke(cli, ["score", *_files(tmp_path), "-tok", "flores200"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "sacrebleu x -tok flores200" in result.stderr
    assert str(tmp_path / "cache" / "models" / "flores200sacrebleuspm") in result.stderr


def test_an_unknown_tokenizer_exits_2(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["score", *_files(tmp_path), "-tok", "mecab"])
    assert result.exit_code == 2
    assert result.stdout == ""


def test_worker_processes_give_the_same_lines_with_ja_mecab(tmp_path: Path) -> None:
    files = _files(tmp_path)
    args = ["score", *files, "-tok", "ja-mecab", "--chunk-size", "1"]
    alone = CliRunner().invoke(cli, [*args, "--jobs", "1"])
    workers = CliRunner().invoke(cli, [*args, "--jobs", "2"])
    assert alone.exit_code == workers.exit_code == 0, workers.output
    assert workers.stdout == alone.stdout
    assert "tok:ja-mecab-0.996-IPA" in workers.stdout
