"""bleu-tokenize@1.1.0: 1.0.0's tokenizers unchanged, sacreBLEU's multilingual ones beside them
with their signature and, for SentencePiece's, the model's sha256; a tokenizer whose model is
missing is an input error through every adapter, never a 500."""

import hashlib
import shutil
import sys
from pathlib import Path
from typing import Any, cast

import httpx
import pytest
from mcp import Client

import mtcompute
from mtcompute import execute, jsonio
from mtcompute.contracts.served import UNAVAILABLE
from mtcompute.errors import InputError
from mtcompute.mcp.resources import contract_uri
from mtcompute.metrics.tokenizers import available_tokenizers
from tests.mcp.clients import MODES, run, text_of
from tests.mcp.test_plain_http import post, tools_call
from tests.sentencepiece_models import train_models

ID, VERSION = "bleu-tokenize", "1.1.0"
TEXTS = [
    "Hello, World! 3.5 «x» 中文",
    "İ ẞ -\nb",
    "今日は良い天気ですね。",
    "오늘 날씨가 좋습니다.",
]


@pytest.fixture(scope="module")
def sacrebleu_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return train_models(tmp_path_factory.mktemp("sacrebleu"))


def test_the_rule_based_tokenizers_give_1_0_0s_tokens() -> None:
    for tokenizer in ("13a", "intl", "zh", "char", "none"):
        for lowercase in (False, True):
            raw = {"hypotheses": TEXTS, "tokenizer": tokenizer, "lowercase": lowercase}
            old = execute(ID, "1.0.0", raw)
            new = execute(ID, VERSION, raw)
            assert new == old | {"signature": tokenizer}


@pytest.mark.parametrize("tokenizer", ["ja-mecab", "ko-mecab"])
def test_mecab_tokens_equal_the_librarys_and_sign_as_sacrebleu(tokenizer: str) -> None:
    raw = {"hypotheses": TEXTS, "references": [[t] for t in TEXTS], "tokenizer": tokenizer}
    result = execute(ID, VERSION, raw)
    expected = mtcompute.tokenize(TEXTS, tokenizer=tokenizer)
    assert result["hypotheses"] == expected
    assert result["references"] == [[tokens] for tokens in expected]
    assert result["signature"].startswith(f"{tokenizer}-0.996")
    assert "model_sha256" not in result


@pytest.mark.parametrize("tokenizer", ["flores101", "flores200", "spBLEU-1K", "spm"])
def test_sentencepiece_results_name_the_model_by_its_sha256(
    tokenizer: str, sacrebleu_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SACREBLEU", str(sacrebleu_cache))
    result = execute(ID, VERSION, {"hypotheses": TEXTS, "tokenizer": tokenizer})
    assert result["hypotheses"] == mtcompute.tokenize(TEXTS, tokenizer=tokenizer)
    assert result["signature"] == ("flores101" if tokenizer == "spm" else tokenizer)
    models = sorted((sacrebleu_cache / "models").iterdir())
    assert result["model_sha256"] in {hashlib.sha256(m.read_bytes()).hexdigest() for m in models}


def _missing_model(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    monkeypatch.setenv("SACREBLEU", str(tmp_path))
    return {"hypotheses": ["a"], "tokenizer": "flores200"}


def test_a_missing_model_is_an_input_error_saying_what_to_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(InputError) as caught:
        execute(ID, VERSION, _missing_model(tmp_path, monkeypatch))
    (error,) = caught.value.errors
    assert error["code"] == "tokenizer_unavailable"
    assert error["pointer"] == "/tokenizer"
    assert "sacrebleu x -tok flores200" in error["message"]


def test_over_http_a_missing_model_is_a_422_problem(
    client: httpx.Client, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    raw = _missing_model(tmp_path, monkeypatch)
    answer = client.post(f"/v1/tools/{ID}/versions/{VERSION}/execute", json=raw)
    assert answer.status_code == 422
    assert answer.headers["content-type"] == "application/problem+json"
    assert answer.json()["errors"][0]["pointer"] == "/tokenizer"


def test_over_mcp_a_missing_model_is_a_tool_error(
    mcp_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    raw = _missing_model(tmp_path, monkeypatch)
    arguments = {"id": ID, "version": VERSION, "input": raw}
    answer = post(mcp_url, jsonio.dumps(tools_call("execute", arguments))).json()
    assert answer["result"]["isError"] is True
    errors = cast(dict[str, Any], jsonio.loads(answer["result"]["content"][0]["text"]))["errors"]
    assert errors[0]["code"] == "tokenizer_unavailable"


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ({"hypotheses": ["a"], "tokenizer": "mecab"}, [("not_allowed", "/tokenizer")]),
        ({"hypotheses": ["a"], "tokenizer": "FLORES200"}, [("not_allowed", "/tokenizer")]),
        ({"hypotheses": ["a"], "lowercase": "yes"}, [("type", "/lowercase")]),
        (
            {"hypotheses": ["\ud800"], "tokenizer": "ja-mecab"},
            [("invalid_unicode", "/hypotheses/0")],
        ),
    ],
)
def test_an_input_that_breaks_the_contract_is_refused_with_its_pointer(
    raw: dict[str, Any], expected: list[tuple[str, str]]
) -> None:
    with pytest.raises(InputError) as caught:
        execute(ID, VERSION, raw)
    assert [(e["code"], e["pointer"]) for e in caught.value.errors] == expected


# -- The contract as served: the tokenizers this server runs ------------------------------------


def _served_tokenizer(contract: dict[str, Any]) -> dict[str, Any]:
    return cast(dict[str, Any], contract["input_schema"]["properties"]["tokenizer"])


def _fresh_copy(models: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """$SACREBLEU at a copy of the models that no tokenizer of this process has loaded yet."""
    monkeypatch.setenv("SACREBLEU", str(shutil.copytree(models, tmp_path / "sacrebleu")))


def test_over_http_the_contract_page_and_openapi_list_the_tokenizers_this_server_runs(
    client: httpx.Client, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SACREBLEU", str(tmp_path))  # no SentencePiece model there
    tokenizer = _served_tokenizer(client.get(f"/v1/tools/{ID}/versions/{VERSION}").json())
    assert tokenizer["enum"] == list(available_tokenizers())
    assert {"flores101", "flores200", "spBLEU-1K", "spm"} <= set(tokenizer[UNAVAILABLE])
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    assert schemas[f"{ID}-{VERSION}-input"]["properties"]["tokenizer"] == tokenizer
    output = schemas[f"{ID}-{VERSION}-output"]["properties"]["tokenizer"]
    assert output["enum"] == tokenizer["enum"]
    page = client.get(f"/tools/{ID}").text
    assert f"one of {', '.join(tokenizer['enum'])}</td>" in page
    assert (
        f"Not on this server (a package or model is missing): {', '.join(tokenizer[UNAVAILABLE])}."
        in page
    )


def test_over_http_a_server_with_the_models_offers_and_runs_them(
    client: httpx.Client,
    sacrebleu_cache: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _fresh_copy(sacrebleu_cache, tmp_path, monkeypatch)
    tokenizer = _served_tokenizer(client.get(f"/v1/tools/{ID}/versions/{VERSION}").json())
    assert {"flores101", "flores200", "spBLEU-1K", "spm"} <= set(tokenizer["enum"])
    for name in tokenizer["enum"]:
        raw = {"hypotheses": TEXTS, "tokenizer": name}
        answer = client.post(f"/v1/tools/{ID}/versions/{VERSION}/execute", json=raw)
        assert answer.status_code == 200, answer.text


def test_over_http_a_server_without_sentencepiece_names_the_extra_to_install(
    client: httpx.Client,
    sacrebleu_cache: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _fresh_copy(sacrebleu_cache, tmp_path, monkeypatch)
    monkeypatch.setitem(sys.modules, "sentencepiece", None)  # import sentencepiece now fails
    tokenizer = _served_tokenizer(client.get(f"/v1/tools/{ID}/versions/{VERSION}").json())
    assert "flores200" in tokenizer[UNAVAILABLE]
    raw = {"hypotheses": ["a"], "tokenizer": "flores200"}
    answer = client.post(f"/v1/tools/{ID}/versions/{VERSION}/execute", json=raw)
    assert answer.status_code == 422
    (error,) = answer.json()["errors"]
    assert (error["code"], error["pointer"]) == ("tokenizer_unavailable", "/tokenizer")
    assert "pip install 'mtcompute[spm]'" in error["message"]


@pytest.mark.parametrize("mode", MODES)
def test_over_mcp_the_tool_list_describe_and_resource_list_the_tokenizers_this_server_runs(
    mcp_url: str, mode: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SACREBLEU", str(tmp_path))  # no SentencePiece model there

    async def scenario(session: Client) -> tuple[Any, Any, Any, Any]:
        listed = await session.list_tools()
        described = await session.call_tool("describe", {"id": ID, "version": VERSION})
        read = await session.read_resource(contract_uri(ID, VERSION))
        called = await session.call_tool(ID, {"hypotheses": ["a"], "tokenizer": "flores200"})
        return listed, described, read, called

    listed, described, read, called = run(mcp_url, mode, scenario)
    (tool,) = [tool for tool in listed.tools if tool.name == ID]
    expected = _served_tokenizer(text_of(described))
    assert expected["enum"] == list(available_tokenizers())
    assert "flores200" in expected[UNAVAILABLE]
    assert tool.input_schema["properties"]["tokenizer"] == expected
    assert _served_tokenizer(cast(dict[str, Any], jsonio.loads(read.contents[0].text))) == expected
    assert called.is_error
    (error,) = text_of(called)["errors"]
    assert error["code"] == "tokenizer_unavailable"
    assert "sacrebleu x -tok flores200" in error["message"]
