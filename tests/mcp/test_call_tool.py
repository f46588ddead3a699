"""``call_tool`` in-process: the one place every answer and every failure becomes a result."""

from typing import Any, cast

import anyio
import pytest

from mtcompute import jsonio
from mtcompute.mcp.server import call_tool
from mtcompute.meta.search import MAX_QUERY_CHARACTERS, MAX_QUERY_TERMS

TOOL = "bleu-corpus-compute"
INPUT = {"hypotheses": [["a", "b", "c"]], "references": [[["a", "b", "d"]]], "max_order": 2}


def test_a_result_carries_the_json_text_and_the_same_value_with_js_style_numbers() -> None:
    result = anyio.run(call_tool, TOOL, INPUT)
    (block,) = result.content
    assert block.type == "text"
    assert block.text == jsonio.dumps(result.structured_content).decode("utf-8")
    assert '"brevity_penalty":1,' in block.text  # not 1.0, as JSON.stringify writes it


def test_a_failure_nobody_foresaw_is_an_error_result_without_its_exception_text(
    caplog: pytest.LogCaptureFixture,
) -> None:
    not_a_mapping = cast(Any, ["arguments", "as", "a", "list"])
    result = anyio.run(call_tool, "execute", not_a_mapping)
    assert result.is_error
    assert result.structured_content is None
    (block,) = result.content
    assert block.type == "text"
    internal = {"code": "internal_error", "pointer": "", "message": "internal error"}
    assert jsonio.loads(block.text) == {"errors": [internal]}
    assert "tool 'execute' failed" in caplog.text  # the details are in the server's log


def test_search_refuses_a_query_over_its_max_length_before_searching() -> None:
    result = anyio.run(call_tool, "search", {"query": "b" * (MAX_QUERY_CHARACTERS + 1)})
    assert result.is_error
    (block,) = result.content
    assert block.type == "text"
    (error,) = cast(dict[str, Any], jsonio.loads(block.text))["errors"]
    assert (error["code"], error["pointer"]) == ("too_long", "/query")


def test_search_refuses_a_query_of_more_words_than_its_cap() -> None:
    query = " ".join(f"zz{chr(97 + n // 26)}{chr(97 + n % 26)}" for n in range(MAX_QUERY_TERMS + 1))
    result = anyio.run(call_tool, "search", {"query": query})
    assert result.is_error
    (block,) = result.content
    assert block.type == "text"
    assert cast(dict[str, Any], jsonio.loads(block.text))["errors"][0]["code"] == "too_many_terms"
