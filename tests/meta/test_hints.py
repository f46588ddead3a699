"""Every fix-it hint reaches ``execute`` and a batch's operation errors, as the typed functions
give it: one mechanism in the tool, not one per interface."""

import pytest

from mtcompute import InputError, execute, execute_batch
from tests.hint_cases import HintCase, carrying, every_hint


@every_hint
def test_execute_adds_the_fix_to_the_error_it_explains(case: HintCase) -> None:
    with pytest.raises(InputError) as raised:
        execute(case.tool_id, case.version, case.input)
    message = carrying(raised.value.errors, case)
    assert message.startswith("expected ")


@every_hint
def test_a_batch_operation_carries_the_fix_under_its_input(case: HintCase) -> None:
    (entry,) = execute_batch([{"id": case.tool_id, "version": case.version, "input": case.input}])
    assert entry["status"] == "error"
    message = carrying(entry["errors"], case, prefix="/operations/0/input")
    assert f"at /operations/0/input{case.pointer}" in message


def test_a_valid_input_and_a_tool_without_hints_answer_as_before() -> None:
    assert (
        execute(
            "bleu-corpus-compute",
            "1.0.0",
            {"hypotheses": [["a"]], "references": [[["a"]]], "max_order": 1},
        )["bleu"]
        == 1
    )
    with pytest.raises(InputError) as raised:
        execute(
            "bleu-brevity-penalty",
            "1.0.0",
            {"candidate_lengths": ["4"], "reference_lengths": [[4]]},
        )
    assert (
        raised.value.errors[0]["message"]
        == 'expected an integer, got the string "4" at /candidate_lengths/0'
    )
