"""A parts tool's 1.1.0 is its 1.0.0 with two rules more: the same schema and answers, the new
rules in its parser, its behaviour and its supported list, the version 1.1.0."""

import pytest

from mtcompute.contracts import (
    bleu_corpus_from_statistics_1_0_0,
    bleu_corpus_from_statistics_1_1_0,
    chrf_from_statistics_1_0_0,
    chrf_from_statistics_1_1_0,
)
from mtcompute.contracts.inputs.checked_parts import same_numbers
from mtcompute.contracts.inputs.part_sums import PartSums
from mtcompute.contracts.inputs.possible import PossibleParts

PAIRS = [
    (bleu_corpus_from_statistics_1_0_0, bleu_corpus_from_statistics_1_1_0),
    (chrf_from_statistics_1_0_0, chrf_from_statistics_1_1_0),
]


@pytest.mark.parametrize(("released", "checked"), PAIRS)
def test_the_new_version_adds_the_two_rules_to_the_released_parser(
    released: object, checked: object
) -> None:
    old, new = released.PARSER, checked.PARSER  # type: ignore[attr-defined]
    assert new.schema == old.schema
    assert new.rules[: len(old.rules)] == old.rules
    kinds = [type(rule) for rule in new.rules[len(old.rules) :]]
    assert kinds == [PossibleParts, PartSums]


@pytest.mark.parametrize(("released", "checked"), PAIRS)
def test_the_new_contract_is_the_released_one_with_its_rules_said(
    released: object, checked: object
) -> None:
    old, new = released.CONTRACT, checked.CONTRACT  # type: ignore[attr-defined]
    assert (new.id, new.version) == (old.id, "1.1.0")
    assert new.supported[: len(old.supported)] == old.supported
    assert len(new.supported) == len(old.supported) + 2
    assert set(old.behavior) < set(new.behavior)
    assert len(new.behavior) == len(old.behavior) + 2
    assert checked.TOOL.run is released.run  # type: ignore[attr-defined]
    assert checked.TOOL.remedy  # type: ignore[attr-defined]


def test_the_released_example_is_answered_alike_and_says_so() -> None:
    example = bleu_corpus_from_statistics_1_0_0.EXAMPLES[0]
    same = same_numbers(example)
    assert (same.input, same.result) == (example.input, example.result)
    assert same.title == example.title + " The same numbers as 1.0.0's."


@pytest.mark.parametrize(("released", "checked"), PAIRS)
def test_the_limits_are_the_released_ones(released: object, checked: object) -> None:
    assert checked.LIMITS == released.LIMITS  # type: ignore[attr-defined]
    assert checked.LIMITS.to_json() == {"max_parts": 1000}  # type: ignore[attr-defined]
