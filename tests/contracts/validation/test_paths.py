"""Paths into an input: the bulk reader, the pointing walker and the schema they strip."""

from typing import Any

from mtcompute.contracts.validation.paths import (
    EVERY,
    pointed_values_at,
    values_at,
    without_items_at,
)

CORPUS = {"hypotheses": [["a"], []], "references": [[["a"], ["b", "c"]], [[]]]}


def test_values_at_reads_every_item_of_every_level_in_order() -> None:
    assert values_at(CORPUS, ("hypotheses", EVERY)) == [["a"], []]
    assert values_at(CORPUS, ("references", EVERY, EVERY)) == [["a"], ["b", "c"], []]


def test_values_at_a_missing_optional_property_is_nothing() -> None:
    assert values_at(CORPUS, ("decimals",)) == []


def test_each_pointed_value_carries_its_rfc_6901_pointer() -> None:
    found = list(pointed_values_at(CORPUS, ("references", EVERY, EVERY)))
    assert [pointer for pointer, _ in found] == [
        "/references/0/0",
        "/references/0/1",
        "/references/1/0",
    ]


def test_a_branch_of_the_wrong_type_yields_nothing() -> None:
    raw = {"references": [5, [["a"]], {"x": 1}], "a/b": [["t"]]}
    assert list(pointed_values_at(raw, ("references", EVERY, EVERY))) == [
        ("/references/1/0", ["a"])
    ]
    assert list(pointed_values_at(raw, ("a/b", EVERY))) == [("/a~1b/0", ["t"])]


def test_stripping_items_leaves_the_schema_elsewhere_and_the_original_untouched() -> None:
    tokens: dict[str, Any] = {"type": "array", "items": {"type": "string"}, "maxItems": 3}
    schema: dict[str, Any] = {
        "type": "object",
        "properties": {"h": {"type": "array", "items": tokens}},
    }
    stripped = without_items_at(schema, ("h", EVERY))
    assert stripped["properties"]["h"]["items"] == {"type": "array", "maxItems": 3}
    assert schema["properties"]["h"]["items"] is tokens
    assert "items" in tokens
