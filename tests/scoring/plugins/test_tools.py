"""Each metric names its tools in its signature as constants (scoring loads no contract): the
names are those of registered contracts, the very tools that compute the numbers."""

import pytest

from mtcompute.contracts.contract import Contract
from mtcompute.contracts.registry import get_tool
from mtcompute.scoring.metric import tool_name
from mtcompute.scoring.registry import metrics


def _tool_in(signature: str) -> str:
    (tool,) = [part[len("tool:") :] for part in signature.split("|") if part.startswith("tool:")]
    return tool


@pytest.mark.parametrize("name", sorted(metrics()))
@pytest.mark.parametrize("sentence_level", [False, True])
def test_the_tool_a_signature_names_is_a_registered_contract(
    name: str, sentence_level: bool
) -> None:
    metric = metrics()[name]({}, sentence_level=sentence_level)
    tool = _tool_in(metric.signature(1))
    tool_id, _, version = tool.partition("@")
    contract: Contract = get_tool(tool_id, version).contract
    assert tool_name(contract) == tool


def test_bleu_knows_the_sentence_tool_s_largest_order() -> None:
    from mtcompute.contracts.inputs.sentence import MAX_ORDER  # noqa: PLC0415
    from mtcompute.scoring.plugins.bleu import SENTENCE_MAX_ORDER  # noqa: PLC0415

    assert SENTENCE_MAX_ORDER == MAX_ORDER
