"""A string schema refuses a lone surrogate, so that no string it lets through can be echoed into
an answer that cannot be written; strings a rule checks are left to the rule."""

import pytest

from mtcompute.contracts.registry import get_tool
from mtcompute.contracts.validation.schema import compile_schema
from mtcompute.contracts.validation.violations import Violations
from mtcompute.errors import InputError


def _violations(schema: dict[str, object], value: object) -> list[tuple[str, str]]:
    found = Violations()
    compile_schema(schema).check(value, "/name", found)
    return [(violation["code"], violation["pointer"]) for violation in found.kept]


@pytest.mark.parametrize("value", ["a\ud800", "\udc00", "x" * 50 + "\udfff"])
def test_a_string_holding_a_lone_surrogate_is_invalid_unicode(value: str) -> None:
    schema: dict[str, object] = {"type": "string", "minLength": 1, "maxLength": 200}
    assert not compile_schema(schema).valid(value)
    assert _violations(schema, value) == [("invalid_unicode", "/name")]


def test_the_message_shows_the_surrogate_as_its_escape() -> None:
    found = Violations()
    compile_schema({"type": "string"}).check("a\ud800", "/name", found)
    assert found.kept[0]["message"] == (
        'expected a string of valid Unicode, got the string "a\\ud800" with a lone surrogate '
        "at /name"
    )
    assert found.kept[0]["message"].encode("utf-8")  # writable as it is


@pytest.mark.parametrize("value", ["plain", "ünïcödé", "😀 paired", ""])
def test_valid_unicode_strings_pass(value: str) -> None:
    assert compile_schema({"type": "string"}).valid(value)


def test_a_token_with_a_lone_surrogate_is_reported_once_by_the_token_rule() -> None:
    tool = get_tool("bleu-corpus-compute", "1.0.0")
    with pytest.raises(InputError) as raised:
        tool.execute({"hypotheses": [["a", "\ud800"]], "references": [[["a"]]]})
    assert [(e["code"], e["pointer"]) for e in raised.value.errors] == [
        ("invalid_unicode", "/hypotheses/0/1")
    ]
    assert raised.value.errors[0]["message"].startswith("expected a token of valid Unicode")


def test_a_text_with_a_lone_surrogate_is_reported_once_by_the_text_rule() -> None:
    tool = get_tool("chrf-compute", "1.0.0")
    with pytest.raises(InputError) as raised:
        tool.execute({"hypotheses": ["a\ud800"], "references": [["b"]]})
    assert [(e["code"], e["pointer"]) for e in raised.value.errors] == [
        ("invalid_unicode", "/hypotheses/0")
    ]


def test_a_system_name_with_a_lone_surrogate_is_refused_where_it_is() -> None:
    tool = get_tool("paired-significance", "1.0.0")
    systems = [{"name": "base", "hypotheses": ["a b"]}, {"name": "a\ud800", "hypotheses": ["a"]}]
    with pytest.raises(InputError) as raised:
        tool.execute({"metrics": ["bleu"], "references": [["a b"]], "systems": systems})
    assert [(e["code"], e["pointer"]) for e in raised.value.errors] == [
        ("invalid_unicode", "/systems/1/name")
    ]
