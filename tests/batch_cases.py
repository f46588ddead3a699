"""Batches every interface of ``execute_batch`` is tested with, and what each must answer.

An interface is tested through ``Answer``: a batch in, ``("results", [...])`` or
``("errors", [...])`` out, so that one table of cases serves Python, HTTP, MCP and the CLI.
"""

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from mtcompute.contracts.registry import get_tool, tool_ids
from mtcompute.errors import InputError
from mtcompute.meta.batch.run import run_batch

Outcome = tuple[str, Any]
Answer = Callable[[Any], Outcome]

BLEU, CHRF, CHRF_PP = "bleu-corpus-compute", "chrf-compute", "chrf-plus-plus-compute"
SENTENCE_BLEU = "bleu-sentence-compute"

# The page's example, word for word.
PAGE_EXAMPLE_BATCH: dict[str, Any] = json.loads("""
{
  "operations": [
    {
      "id": "chrf-plus-plus-compute",
      "version": "1.0.0",
      "input": {
        "hypotheses": ["The cat sat on the mat."],
        "references": [["The cat is on the mat.", "A cat sat on the mat."]]
      },
      "include_result": false
    },
    {
      "id": "bleu-sentence-compute",
      "version": "1.0.0",
      "input": {},
      "bind": {
        "hypothesis": {"step": 0, "pointer": "/words/0/hypothesis"},
        "references": {"step": 0, "pointer": "/words/0/references"}
      }
    },
    {
      "id": "chrf-compute",
      "version": "1.0.0",
      "input": {
        "hypotheses": ["The cat sat on the mat."],
        "references": [["The cat is on the mat.", "A cat sat on the mat."]]
      }
    }
  ]
}
""")
PAGE_EXAMPLE_RESPONSE: dict[str, Any] = json.loads("""
{
  "results": [
    {"status": "ok"},
    {
      "status": "ok",
      "result": {
        "bleu": 0.8801117367933934,
        "brevity_penalty": 1,
        "candidate_length": 7,
        "reference_length": 7,
        "max_order": 4,
        "matches": [7, 6, 4, 3],
        "totals": [7, 6, 5, 4],
        "precisions": [1, 1, 0.8, 0.75],
        "effective_order_used": 4,
        "smoothing": "exp",
        "smoothing_value": null
      }
    },
    {
      "status": "ok",
      "result": {
        "chrf": 0.8977630343862292,
        "char_order": 6,
        "beta": 2,
        "eps_smoothing": false,
        "include_whitespace": false,
        "statistics": {
          "hypothesis": [18, 17, 16, 15, 14, 13],
          "reference": [16, 15, 14, 13, 12, 11],
          "matches": [15, 14, 13, 12, 11, 10]
        },
        "segments": [
          {
            "chrf": 0.8977630343862292,
            "reference_index": 1,
            "hypothesis": [18, 17, 16, 15, 14, 13],
            "reference": [16, 15, 14, 13, 12, 11],
            "matches": [15, 14, 13, 12, 11, 10]
          }
        ]
      }
    }
  ]
}
""")

# Step 1 of the example is sentence BLEU, a tool that may not be in the catalogue yet.
needs_sentence_bleu = pytest.mark.skipif(
    SENTENCE_BLEU not in tool_ids(), reason=f"{SENTENCE_BLEU} is not in the catalogue yet"
)

SEGMENT = {"hypotheses": [["a", "b", "c", "d"]], "references": [[["a", "b", "c", "e"]]]}
TEXTS = {"hypotheses": ["a cat sat"], "references": [["the cat sat"]]}


def codes_and_pointers(errors: Sequence[Mapping[str, Any]]) -> list[tuple[str, str]]:
    return [(error["code"], error["pointer"]) for error in errors]


def operation(tool_id: str, tool_input: dict[str, Any], **rest: Any) -> dict[str, Any]:
    return {"id": tool_id, "version": "1.0.0", "input": tool_input, **rest}


def bound(step: int, pointer: Any) -> dict[str, Any]:
    return {"step": step, "pointer": pointer}


def single(tool_id: str, tool_input: dict[str, Any]) -> dict[str, Any]:
    """What a single execute of the tool answers."""
    return {"status": "ok", "result": get_tool(tool_id, "1.0.0").execute(tool_input)}


def page_example_steps_expected() -> list[dict[str, Any]]:
    """The page's entries for steps 0 and 2, which need no tool beyond chrF and chrF++."""
    results = PAGE_EXAMPLE_RESPONSE["results"]
    return [results[0], results[2]]


# -- A chain of three steps, each binding from the one before ---------------------------------

CHAIN: dict[str, Any] = {
    "operations": [
        operation(BLEU, {**SEGMENT, "max_order": 2}),
        operation(BLEU, {**SEGMENT, "decimals": 1}, bind={"max_order": bound(0, "/max_order")}),
        operation(
            CHRF,
            TEXTS,
            bind={"char_order": bound(1, "/max_order"), "beta": bound(1, "/matches/0")},
        ),
    ]
}
# max_order 2 passes from step 0 to 1 to 2; step 1's matches are [3, 2]: beta 3.
CHAIN_RESULTS = [
    single(BLEU, {**SEGMENT, "max_order": 2}),
    single(BLEU, {**SEGMENT, "decimals": 1, "max_order": 2}),
    single(CHRF, {**TEXTS, "char_order": 2, "beta": 3}),
]

# -- A failed step: its dependants are skipped, an independent later step runs -------------------

FAILED: dict[str, Any] = {
    "operations": [
        operation(BLEU, {**SEGMENT, "max_order": 9}),
        operation(BLEU, SEGMENT, bind={"max_order": bound(0, "/max_order")}),
        operation(CHRF, TEXTS, bind={"char_order": bound(1, "/max_order")}),
        operation(CHRF, TEXTS),
    ]
}


def check_failed(results: list[dict[str, Any]]) -> None:
    """Step 0 fails, 1 and 2 (which bind from 0 and from 1) are skipped, 3 still runs."""
    assert [entry["status"] for entry in results] == ["error", "skipped", "skipped", "ok"]
    assert codes_and_pointers(results[0]["errors"]) == [
        ("above_maximum", "/operations/0/input/max_order")
    ]
    assert results[1]["reason"] == (
        "step 0 did not succeed (its status is error), and this operation binds 'max_order' from it"
    )
    assert results[2]["reason"] == (
        "step 1 did not succeed (its status is skipped), and this operation binds "
        "'char_order' from it"
    )
    assert results[3] == single(CHRF, TEXTS)


# -- Malformed batches, each rule at its boundary -----------------------------------------------


@dataclass(frozen=True)
class Malformed:
    name: str
    batch: Any
    errors: list[tuple[str, str]]  # (code, pointer) of every violation, in order
    # False when the batch is not {"operations": ...} alone: Python takes only the operations,
    # and an MCP tool's arguments are always an object.
    as_operations: bool = True


def many(count: int) -> list[dict[str, Any]]:
    return [operation(CHRF, TEXTS) for _ in range(count)]


ONE = operation(CHRF, TEXTS)
MALFORMED = [
    Malformed("not an object", [ONE], [("type", "")], as_operations=False),
    Malformed("operations missing", {}, [("required", "/operations")], as_operations=False),
    Malformed("operations not an array", {"operations": ONE}, [("type", "/operations")]),
    Malformed("operations empty", {"operations": []}, [("too_few_items", "/operations")]),
    Malformed("21 operations", {"operations": many(21)}, [("too_many_items", "/operations")]),
    Malformed("operation not an object", {"operations": [ONE, 7]}, [("type", "/operations/1")]),
    Malformed(
        "operation lacks id, version and input",
        {"operations": [{"bind": {}}]},
        [("required", f"/operations/0/{key}") for key in ("id", "version", "input")],
    ),
    Malformed(
        "wrong types",
        {"operations": [{**ONE, "id": 1, "input": [], "include_result": "yes"}]},
        [
            ("type", "/operations/0/id"),
            ("type", "/operations/0/input"),
            ("type", "/operations/0/include_result"),
        ],
    ),
    Malformed(
        "unknown properties at every level",
        {
            "operations": [ONE, {**ONE, "inputs": {}, "bind": {"beta": {**bound(0, ""), "x": 1}}}],
            "parallel": True,
        },
        [
            ("unknown_property", "/operations/1/inputs"),
            ("unknown_property", "/operations/1/bind/beta/x"),
            ("unknown_property", "/parallel"),
        ],
        as_operations=False,
    ),
    Malformed(
        "bind not an object and a binding not an object",
        {"operations": [ONE, {**ONE, "bind": []}, {**ONE, "bind": {"beta": 0}}]},
        [("type", "/operations/1/bind"), ("type", "/operations/2/bind/beta")],
    ),
    Malformed(
        "a binding lacks step and pointer, or has them of the wrong type",
        {"operations": [ONE, {**ONE, "bind": {"beta": {}, "char_order": bound(0, 5)}}]},
        [
            ("required", "/operations/1/bind/beta/step"),
            ("required", "/operations/1/bind/beta/pointer"),
            ("type", "/operations/1/bind/char_order/pointer"),
        ],
    ),
    Malformed(
        "a bind to the same step",
        {"operations": [ONE, {**ONE, "bind": {"beta": bound(1, "/beta")}}]},
        [("step_not_earlier", "/operations/1/bind/beta/step")],
    ),
    Malformed(
        "a bind from step 0 to itself",
        {"operations": [{**ONE, "bind": {"beta": bound(0, "/beta")}}]},
        [("step_not_earlier", "/operations/0/bind/beta/step")],
    ),
    Malformed(
        "a bind to a later step",
        {"operations": [ONE, {**ONE, "bind": {"beta": bound(2, "/beta")}}, ONE]},
        [("step_not_earlier", "/operations/1/bind/beta/step")],
    ),
    Malformed(
        "a negative step",
        {"operations": [ONE, {**ONE, "bind": {"beta": bound(-1, "/beta")}}]},
        [("below_minimum", "/operations/1/bind/beta/step")],
    ),
    Malformed(
        "pointers that are not RFC 6901",
        {
            "operations": [
                ONE,
                {**ONE, "bind": {"beta": bound(0, "beta"), "char_order": bound(0, "/a~2")}},
            ]
        },
        [
            ("invalid_pointer", "/operations/1/bind/beta/pointer"),
            ("invalid_pointer", "/operations/1/bind/char_order/pointer"),
        ],
    ),
    Malformed(
        "a bound key also in the input",
        {
            "operations": [
                ONE,
                {**ONE, "input": {**TEXTS, "beta": 1}, "bind": {"beta": bound(0, "")}},
            ]
        },
        [("bound_key_in_input", "/operations/1/bind/beta")],
    ),
    Malformed(
        "violations in several operations are all reported",
        {
            "operations": [
                {**ONE, "bind": {"beta": bound(0, "/beta")}},
                {**ONE, "include_result": 1},
                {**ONE, "bind": {"beta": bound(5, "x")}},
            ]
        },
        [
            ("type", "/operations/1/include_result"),
            ("invalid_pointer", "/operations/2/bind/beta/pointer"),
            ("step_not_earlier", "/operations/0/bind/beta/step"),
            ("step_not_earlier", "/operations/2/bind/beta/step"),
        ],
    ),
]

# -- Well-formed batches at the same boundaries -------------------------------------------------

WELL_FORMED: dict[str, dict[str, Any]] = {
    "20 operations": {"operations": many(20)},
    "one operation": {"operations": many(1)},
    "a bind to the step just before": {
        "operations": [ONE, {**ONE, "bind": {"beta": bound(0, "/beta")}}]
    },
    "a bind from step 0 far back": {
        "operations": [*many(19), {**ONE, "bind": {"beta": bound(0, "/beta")}}]
    },
    "pointers with escapes and the whole result": {
        "operations": [
            operation(BLEU, SEGMENT),
            operation(  # no such tool: an operation's error, not a malformed batch
                "no-such-tool",
                {},
                bind={"a": bound(0, ""), "b": bound(0, "/~0~1"), "c": bound(0, "/matches/0")},
            ),
        ]
    },
}


def core(batch: Any) -> Outcome:
    """What the core answers, the reference every interface is held to."""
    try:
        return "results", run_batch(batch)["results"]
    except InputError as error:
        return "errors", error.errors
