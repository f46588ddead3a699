"""What the ``execute_batch`` meta-tool promises, in words, as data: the batch page and the MCP
tool's description are rendered from it, the schemas being ``batch_schema``'s.

The example is the page's: chrF++ supplies word tokens that sentence BLEU scores, beside chrF
on the same raw strings; its response is stored, as a tool contract stores its example's result.
"""

from typing import Any

from mtcompute.meta.batch.schema import (
    BATCH_INPUT_SCHEMA,
    BATCH_OUTPUT_SCHEMA,
    MAX_BOUND_KEYS,
    MAX_LIST_BINDINGS,
    MAX_OPERATIONS,
    MAX_POINTER_LENGTH,
)
from mtcompute.settings import DEFAULT_MAX_BODY_BYTES

ID = "execute-batch"
MCP_NAME = "execute_batch"
TITLE = "Execute batch"
SUMMARY = (
    f"Run 1 to {MAX_OPERATIONS} catalogue tool calls in one request, in order, passing values "
    "from earlier results into later inputs by JSON Pointer."
)
USE_WHEN = (
    "several metrics of the same data in one round trip",
    "a tool's output as another tool's input",
    "chrF and BLEU of the same segment side by side",
)
SUPPORTED = (
    *USE_WHEN,
    f"1 to {MAX_OPERATIONS} calls of any catalogue tools and versions in one request, run in order",
    "setting a top-level input key to a value in an earlier step's result (RFC 6901 JSON Pointer)",
    "leaving a step's result out of the response while still binding from it",
    "a status per operation: a failed operation stops only the operations that bind from it",
    "scoring a test set over a tool's limits in parts: part statistics, then a -from-statistics "
    "tool bound to all of them with a list of bindings",
)
NOT_SUPPORTED = (
    "computing on results (arithmetic, joining): only whole values are bound, one by one or "
    "collected into an array by a list of bindings",
    "binding into a nested input key, or from the same or a later step",
    f"parallel or conditional execution, loops, more than {MAX_OPERATIONS} operations, a batch "
    "inside a batch",
)
BEHAVIOR = (
    "The batch is checked whole first; a malformed batch is refused whole with nothing run, and "
    "every violation is reported with a pointer into the batch, such as "
    "/operations/2/bind/hypothesis/step (codes step_not_earlier, invalid_pointer, "
    "bound_key_in_input, and those of tool inputs). Tool inputs are not checked at this stage.",
    "The operations then run one after another, i = 0, 1, ...; each gets status ok, error or "
    "skipped.",
    "Operation i is skipped when a step it binds from did not succeed; the reason names that "
    "step. Otherwise each bind entry KEY: {step, pointer} sets input[KEY] to the value at pointer "
    "in that step's result, and KEY: [{step, pointer}, ...] (1 to "
    f"{MAX_LIST_BINDINGS} bindings) sets it to the array of their values in the list's order; a "
    "batch without lists means what it always meant. A pointer that does not resolve is the "
    "error unresolved_binding at /operations/i/bind/KEY (/operations/i/bind/KEY/j for the j-th "
    "of a list).",
    "A bound KEY that the tool's input does not have is the operation's input error "
    "unknown_property at /operations/i/input/KEY, found before any of its pointers is resolved. "
    "A bound value is the earlier result's own, not a copy; the values a whole batch binds may "
    f"take at most {DEFAULT_MAX_BODY_BYTES} bytes of JSON (binding_too_large at "
    "/operations/i/bind/KEY past that).",
    "The completed input is validated and computed by the named tool at the named version, "
    "exactly as a single call: same result, same errors, pointers prefixed by "
    "/operations/i/input; an unknown id or version is unknown_tool at /operations/i/id or "
    "unknown_version at /operations/i/version.",
    "A failed or skipped operation does not stop the batch: later operations that do not bind "
    "from it run.",
    "include_result false leaves result out of that operation's entry; later steps can still "
    "bind from it.",
)
LIMITS = (
    f"max operations: {MAX_OPERATIONS}",
    f"max bound keys per operation: {MAX_BOUND_KEYS}; max bindings in a list: "
    f"{MAX_LIST_BINDINGS}; max pointer length: {MAX_POINTER_LENGTH} characters",
    f"max bytes bound in all, as JSON: {DEFAULT_MAX_BODY_BYTES}",
    "per operation: its tool's limits, applied to the completed input",
    "the request as a whole: the service's request body limit",
)
EXAMPLE_TITLE = (
    "Sentence BLEU needs tokens: step 0 (chrF++, result left out) supplies its word tokens, bound "
    "into step 1's hypothesis and references; step 2 scores chrF on the same raw strings."
)
_SEGMENT = {
    "hypotheses": ["The cat sat on the mat."],
    "references": [["The cat is on the mat.", "A cat sat on the mat."]],
}
_COUNTS = {
    "hypothesis": [18, 17, 16, 15, 14, 13],
    "reference": [16, 15, 14, 13, 12, 11],
    "matches": [15, 14, 13, 12, 11, 10],
}
EXAMPLE_BATCH: dict[str, Any] = {
    "operations": [
        {
            "id": "chrf-plus-plus-compute",
            "version": "1.0.0",
            "input": _SEGMENT,
            "include_result": False,
        },
        {
            "id": "bleu-sentence-compute",
            "version": "1.0.0",
            "input": {},
            "bind": {
                "hypothesis": {"step": 0, "pointer": "/words/0/hypothesis"},
                "references": {"step": 0, "pointer": "/words/0/references"},
            },
        },
        {"id": "chrf-compute", "version": "1.0.0", "input": _SEGMENT},
    ]
}
EXAMPLE_RESPONSE: dict[str, Any] = {
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
                "smoothing_value": None,
            },
        },
        {
            "status": "ok",
            "result": {
                "chrf": 0.8977630343862292,
                "char_order": 6,
                "beta": 2,
                "eps_smoothing": False,
                "include_whitespace": False,
                "statistics": _COUNTS,
                "segments": [{"chrf": 0.8977630343862292, "reference_index": 1, **_COUNTS}],
            },
        },
    ]
}


RESEARCH_TITLE = (
    "The BLEU a paper reports, from raw text: step 0 tokenizes the hypotheses and references "
    "as sacreBLEU does (13a; its result left out), step 1 scores its token lists, bound by "
    "pointer. 100 * bleu is sacreBLEU's corpus_bleu on these texts (75.98...)."
)
_RAW = {
    "hypotheses": ["The cat sat on the mat.", "It's raining!"],
    "references": [
        ["The cat sat on a mat.", "A cat was on the mat."],
        ["It is raining!", "It's raining."],
    ],
}
RESEARCH_BATCH: dict[str, Any] = {
    "operations": [
        {"id": "bleu-tokenize", "version": "1.0.0", "input": _RAW, "include_result": False},
        {
            "id": "bleu-corpus-compute",
            "version": "1.0.0",
            "input": {},
            "bind": {
                "hypotheses": {"step": 0, "pointer": "/hypotheses"},
                "references": {"step": 0, "pointer": "/references"},
            },
        },
    ]
}
RESEARCH_RESPONSE: dict[str, Any] = {
    "results": [
        {"status": "ok"},
        {
            "status": "ok",
            "result": {
                "bleu": 0.7598356856515925,
                "brevity_penalty": 1,
                "candidate_length": 10,
                "reference_length": 10,
                "max_order": 4,
                "matches": [10, 8, 4, 2],
                "totals": [10, 8, 6, 4],
            },
        },
    ]
}


def mcp_description() -> str:
    """The MCP tool's description: what it does, when to use it, what it cannot do."""
    return (
        f"{SUMMARY} Use when you need to: {'; '.join(USE_WHEN)}. Each operation is "
        '{"id", "version", "input", "bind"?, "include_result"?}; bind sets a top-level input '
        'key from an earlier step\'s result: {"KEY": {"step": k, "pointer": "/a/0"}}, or to '
        'the array of several values: {"KEY": [{"step": 0, "pointer": ""}, {"step": 1, '
        '"pointer": ""}]}. The answer is {"results": [...]}, one {status: ok|error|skipped} '
        "entry per operation. A test set over a tool's limits: parts (bleu-corpus-statistics, "
        "chrf-compute, ter-compute), then bleu-corpus-from-statistics, chrf-from-statistics or "
        "ter-from-statistics with parts bound by a list. Not supported: "
        f"{'; '.join(NOT_SUPPORTED)}."
    )


PARTS_TITLE = (
    "A test set over one request's limits, scored in parts: each part's statistics (results "
    "left out), then the tool that combines them, its parts bound by a list of bindings. The "
    "scores are bit for bit those of the whole at once. A 3,000-segment test set is six BLEU "
    "parts of 500 segments and three chrF parts of 1,000, 11 operations in one request; TER's "
    "parts are smaller, ter-compute bounding the bytes of the texts it aligns."
)
_PART_TOKENS = (
    [["the", "cat", "sat", "on", "the", "mat"]],
    [[["the", "cat", "sat", "on", "a", "mat"], ["a", "cat", "was", "on", "the", "mat"]]],
    [["dog"]],
    [[["a", "dog", "barked"], ["the", "dog"]]],
)
_PART_TEXTS = (
    ["The cat sat on the mat."],
    [["The cat sat on a mat.", "A cat was on the mat."]],
    ["Dog!"],
    [["A dog barked.", "The dog!"]],
)


def _part(tool_id: str, hypotheses: object, references: object) -> dict[str, Any]:
    return {
        "id": tool_id,
        "version": "1.0.0",
        "input": {"hypotheses": hypotheses, "references": references},
        "include_result": False,
    }


def _combine(tool_id: str, steps: tuple[int, ...], pointer: str) -> dict[str, Any]:
    parts = [{"step": step, "pointer": pointer} for step in steps]
    return {"id": tool_id, "version": "1.0.0", "input": {}, "bind": {"parts": parts}}


PARTS_BATCH: dict[str, Any] = {
    "operations": [
        _part("bleu-corpus-statistics", *_PART_TOKENS[:2]),
        _part("bleu-corpus-statistics", *_PART_TOKENS[2:]),
        _combine("bleu-corpus-from-statistics", (0, 1), ""),
        _part("chrf-compute", *_PART_TEXTS[:2]),
        _part("chrf-compute", *_PART_TEXTS[2:]),
        _combine("chrf-from-statistics", (3, 4), "/statistics"),
        _part("ter-compute", *_PART_TEXTS[:2]),
        _part("ter-compute", *_PART_TEXTS[2:]),
        _combine("ter-from-statistics", (6, 7), "/segments"),
    ]
}
PARTS_RESPONSE: dict[str, Any] = {
    "results": [
        {"status": "ok"},
        {"status": "ok"},
        {
            "status": "ok",
            "result": {
                "bleu": 0.5898019932366151,
                "brevity_penalty": 0.8668778997501817,
                "candidate_length": 7,
                "reference_length": 8,
                "max_order": 4,
                "matches": [6, 5, 3, 1],
                "totals": [7, 5, 4, 3],
            },
        },
        {"status": "ok"},
        {"status": "ok"},
        {
            "status": "ok",
            "result": {
                "chrf": 0.6032278061064399,
                "char_order": 6,
                "word_order": 0,
                "beta": 2,
                "eps_smoothing": False,
                "statistics": {
                    "hypothesis": [22, 20, 18, 16, 14, 13],
                    "reference": [23, 21, 19, 17, 15, 13],
                    "matches": [18, 15, 12, 9, 7, 6],
                },
            },
        },
        {"status": "ok"},
        {"status": "ok"},
        {
            "status": "ok",
            "result": {"ter": 0.23529411764705882, "num_edits": 2, "ref_length": 8.5},
        },
    ]
}
# The recipe in a sentence, for the MCP server's instructions and the docs.
PARTS_RECIPE = (
    "To score a test set over a tool's limits (1,000 segments, 50,000 tokens or 1 MiB of text "
    "a call), split it into parts within them and send one execute_batch: for BLEU, "
    "bleu-corpus-statistics on each part (include_result false), then "
    'bleu-corpus-from-statistics with bind {"parts": [{"step": 0, "pointer": ""}, {"step": 1, '
    '"pointer": ""}, ...]}; for chrF or chrF++, chrf-compute or chrf-plus-plus-compute on each '
    'part, then chrf-from-statistics with parts bound to each step\'s "/statistics" and the '
    "same char_order, word_order, beta and eps_smoothing; for TER, ter-compute on each part "
    "(64 KiB of hypothesis and reference texts, each hypothesis counted once per reference: "
    "a few hundred segments), then ter-from-statistics with parts bound to each step's "
    '"/segments". The result is bit for bit the whole-corpus score; 3,000 segments fit in one '
    "request of 11 operations for BLEU and chrF."
)


def contract_json() -> dict[str, Any]:
    """The meta-tool's contract as one JSON document, in the form of a tool's: its words, its
    schemas, its limits and its examples (the MCP resource of the batch)."""
    return {
        "id": ID,
        "title": TITLE,
        "summary": SUMMARY,
        "use_when": list(USE_WHEN),
        "supported": list(SUPPORTED),
        "not_supported": list(NOT_SUPPORTED),
        "behavior": list(BEHAVIOR),
        "input_schema": BATCH_INPUT_SCHEMA,
        "output_schema": BATCH_OUTPUT_SCHEMA,
        "limits": list(LIMITS),
        "examples": [
            {"title": RESEARCH_TITLE, "input": RESEARCH_BATCH, "output": RESEARCH_RESPONSE},
            {"title": EXAMPLE_TITLE, "input": EXAMPLE_BATCH, "output": EXAMPLE_RESPONSE},
            {"title": PARTS_TITLE, "input": PARTS_BATCH, "output": PARTS_RESPONSE},
        ],
    }
