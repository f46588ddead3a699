"""A contract as this installation serves it: a tokenizer enum lists the tokenizers that run
here, the version's others under x-unavailable; every other contract, and the released one, is
unchanged."""

import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from mtcompute.contracts.contract import Contract
from mtcompute.contracts.registry import all_tools, get_tool
from mtcompute.contracts.served import UNAVAILABLE, served
from mtcompute.metrics.tokenizers import (
    ALL_TOKENIZER_NAMES,
    MODEL_TOKENIZER_NAMES,
    available_tokenizers,
)
from tests.sentencepiece_models import train_models

SPM = ("spm", "flores101", "flores200", "spBLEU-1K")


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return train_models(tmp_path_factory.mktemp("sacrebleu"))


def _tokenizer(contract: Contract) -> dict[str, Any]:
    return dict(served(contract).input_schema["properties"]["tokenizer"])


def _released() -> Contract:
    return get_tool("bleu-tokenize", "1.1.0").contract


def test_a_contract_without_a_multilingual_tokenizer_is_served_as_released() -> None:
    for tool in all_tools():
        # These two take the multilingual tokenizers.
        multilingual = {("bleu-tokenize", "1.1.0"), ("score-texts", "1.0.0")}
        if (tool.contract.id, tool.contract.version) not in multilingual:
            assert served(tool.contract) is tool.contract


def test_without_the_models_the_enum_lists_what_runs_and_names_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SACREBLEU", str(tmp_path))  # no model there
    tokenizer = _tokenizer(_released())
    assert tokenizer["enum"] == list(available_tokenizers())
    assert not set(SPM) & set(tokenizer["enum"])
    assert set(SPM) <= set(tokenizer[UNAVAILABLE])
    both = [*tokenizer["enum"], *tokenizer[UNAVAILABLE]]
    assert sorted(both) == sorted(ALL_TOKENIZER_NAMES)
    assert tokenizer["default"] == "13a"


def test_with_the_models_the_sentencepiece_tokenizers_are_offered(
    trained: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SACREBLEU", str(shutil.copytree(trained, tmp_path / "cache")))
    tokenizer = _tokenizer(_released())
    assert set(SPM) <= set(tokenizer["enum"])
    assert tokenizer["enum"] == list(available_tokenizers())
    assert (UNAVAILABLE in tokenizer) == (len(available_tokenizers()) < len(ALL_TOKENIZER_NAMES))


def test_without_sentencepiece_no_model_is_offered(
    trained: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SACREBLEU", str(shutil.copytree(trained, tmp_path / "cache")))
    monkeypatch.setitem(sys.modules, "sentencepiece", None)  # import sentencepiece now fails
    assert not set(SPM) & set(_tokenizer(_released())["enum"])


def test_the_output_names_only_a_tokenizer_that_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SACREBLEU", str(tmp_path))
    output = served(_released()).output_schema["properties"]["tokenizer"]
    assert output["enum"] == list(available_tokenizers())


def test_the_released_contract_is_left_as_released(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SACREBLEU", str(tmp_path))
    before = _released().to_json()
    served(_released())
    assert _released().to_json() == before
    assert before["input_schema"]["properties"]["tokenizer"]["enum"] == list(ALL_TOKENIZER_NAMES)
    assert set(MODEL_TOKENIZER_NAMES) <= set(
        before["input_schema"]["properties"]["tokenizer"]["enum"]
    )
