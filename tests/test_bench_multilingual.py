"""``python -m bench.multilingual_peers`` runs end to end on a few segments, with a SentencePiece
model trained for the run where sacreBLEU's cache has none."""

import contextlib
import io
from pathlib import Path
from typing import Any, cast

import pytest
from sacrebleu.tokenizers import tokenizer_spm

from bench import multilingual_peers


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore:The 'warn' method is deprecated:DeprecationWarning")
def test_the_multilingual_race_checks_and_times_every_tokenizer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SACREBLEU", str(tmp_path))  # an empty cache: the model is trained
    # The race points sacreBLEU at the trained model; its folder is put back afterwards.
    monkeypatch.setattr(tokenizer_spm, "SACREBLEU_DIR", cast(Any, tokenizer_spm).SACREBLEU_DIR)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        multilingual_peers.main(
            ["--segments", "60", "--calls", "20", "--rounds", "1", "--training-lines", "3000"]
        )
    report = printed.getvalue()
    assert "trained for this run" in report
    for race in ("flores200 | 60 |", "ja-mecab | 60 |", "ko-mecab | 60 |", "20 sentence_bleu"):
        assert race in report
    assert "- sacreBLEU:" in report
