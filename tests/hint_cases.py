"""The commonest mistakes as tool inputs, and the fix each interface must add to the error:
one table that the tests of ``execute``, a batch, HTTP, MCP and the web form share."""

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

import pytest


class HintCase(NamedTuple):
    tool_id: str
    input: dict[str, Any]
    pointer: str  # the violation that carries the fix
    fix: str  # a fragment of the fix
    version: str = "1.0.0"


CASES = {
    "a string where a token list is due": HintCase(
        "bleu-corpus-compute",
        {"hypotheses": ["the cat sat"], "references": [[["the", "cat", "sat"]]]},
        "/hypotheses/0",
        "a token list is due: split it, `.split()`",
    ),
    "references not nested per segment": HintCase(
        "chrf-compute",
        {"hypotheses": ["the cat", "a dog"], "references": ["the cat", "a dog"]},
        "/references/0",
        "references are nested per segment",
    ),
    "NLTK's order, references first": HintCase(
        "bleu-corpus-compute",
        {"hypotheses": [[["the", "cat"]], [["a", "dog"]]], "references": [["the", "cat"], ["a"]]},
        "/hypotheses/0/0",
        "look swapped",
    ),
    "sacreBLEU's reference streams": HintCase(
        "chrf-compute",
        {
            "hypotheses": ["a b", "c d", "e f"],
            "references": [["a b", "c d", "e f"], ["x", "y", "z"]],
        },
        "/references",
        "sacreBLEU's layout, 2 lists of 3",
    ),
    "a whole TER result where its segments are due": HintCase(
        "ter-from-statistics",
        {"parts": [{"ter": 0.5, "num_edits": 1, "ref_length": 2, "segments": []}]},
        "/parts/0",
        'bind each step\'s "/segments"',
    ),
    "a test set too large for texts": HintCase(
        "paired-significance",
        {
            "systems": [{"name": n, "hypotheses": ["x"] * 10_001} for n in ("a", "b")],
            "references": [["x"]] * 10_001,
        },
        "/systems/0/hypotheses",
        "tested from its per-segment statistics",
        "1.1.0",
    ),
}

every_hint = pytest.mark.parametrize("case", CASES.values(), ids=list(CASES))


def carrying(errors: Sequence[Mapping[str, Any]], case: HintCase, prefix: str = "") -> str:
    """The message of the violation at the case's pointer (under ``prefix``), which must carry
    its fix."""
    (message,) = [str(e["message"]) for e in errors if e["pointer"] == prefix + case.pointer]
    assert case.fix in message, message
    return message
