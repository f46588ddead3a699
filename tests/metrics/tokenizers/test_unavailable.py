"""A tokenizer that cannot run here is refused with what to do: an unknown name lists the names,
a missing SentencePiece model names its path and the sacreBLEU command that fetches it, a
missing package names the extra that installs it, a MeCab dictionary of another size is
refused as sacreBLEU refuses it."""

import sys
from pathlib import Path

import pytest

from mtcompute.errors import InputError
from mtcompute.metrics.tokenizers import available_tokenizers, mecab, spm, tokenize, tokenizer_named


def test_an_unknown_tokenizer_lists_every_name() -> None:
    with pytest.raises(ValueError, match="unknown tokenizer 'flores300'") as caught:
        tokenizer_named("flores300")
    assert "ja-mecab" in str(caught.value)
    assert "spBLEU-1K" in str(caught.value)


def test_a_missing_model_names_its_path_and_the_sacrebleu_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SACREBLEU", str(tmp_path))
    with pytest.raises(InputError) as caught:
        tokenize("a b", "flores200")
    (error,) = caught.value.errors
    assert error["code"] == "tokenizer_unavailable"
    assert error["pointer"] == "/tokenizer"
    assert str(tmp_path / "models" / "flores200sacrebleuspm") in error["message"]
    assert "sacrebleu" in error["message"]
    assert "-tok flores200" in error["message"]


def test_the_model_folder_defaults_to_sacrebleus(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SACREBLEU", raising=False)
    expected = Path.home() / ".sacrebleu" / "models" / "spbleu-1k_tokenizer_spm.model"
    assert spm.model_path("spBLEU-1K") == expected


def test_a_file_that_is_no_model_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "models").mkdir()
    (tmp_path / "models" / "sacrebleu_tokenizer_spm.model").write_bytes(b"not a model")
    monkeypatch.setenv("SACREBLEU", str(tmp_path))
    with pytest.raises(InputError, match="is not a SentencePiece model"):
        tokenize("a", "flores101")


def test_without_sentencepiece_the_extra_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "sentencepiece", None)  # import sentencepiece now fails
    with pytest.raises(InputError, match=r"pip install 'mtcompute\[spm\]'"):
        spm.SpmTokenizer("flores200", tmp_path / "model")


@pytest.mark.parametrize(("setup", "module"), [(mecab.JA, "MeCab"), (mecab.KO, "mecab_ko")])
def test_without_mecab_the_extra_is_named(
    setup: mecab.MecabSetup, module: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, module, None)  # its import now fails
    with pytest.raises(InputError, match=rf"pip install 'mtcompute\[{setup.extra}\]'"):
        mecab.MecabTokenizer(setup)


def test_a_dictionary_of_another_size_is_refused() -> None:
    other = mecab.MecabSetup(
        "ja-mecab", "MeCab", "ipadic", "mecab-python3 and ipadic", "ja", 1, "IPA", "-IPA"
    )
    with pytest.raises(InputError, match="dictionary of 1 entries") as caught:
        mecab.MecabTokenizer(other)
    assert "got one of 392126 entries" in str(caught.value)


def test_without_models_the_sentencepiece_tokenizers_are_not_available(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SACREBLEU", str(tmp_path))
    available = available_tokenizers()
    assert available == ("13a", "intl", "zh", "char", "none", "ja-mecab", "ko-mecab")
