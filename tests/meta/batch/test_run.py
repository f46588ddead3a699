"""Running a batch: statuses, bindings, skipped dependants, where each error points, and that an
operation answers exactly as a single execute of its tool does."""

import copy
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from mtcompute import execute
from mtcompute.contracts import registry
from mtcompute.contracts.contract import Contract, JsonObject, Tool
from mtcompute.contracts.registry import all_tools
from mtcompute.errors import InputError, UnknownToolError
from mtcompute.meta.batch import run as batch_module
from mtcompute.meta.batch.check import check_batch
from mtcompute.meta.batch.run import execute_batch, run_batch
from mtcompute.meta.batch.schema import BATCH_OUTPUT_SCHEMA

BLEU = "bleu-corpus-compute"
SEGMENT = {"hypotheses": [["a", "b", "c"]], "references": [[["a", "b", "c"]]]}
OUTPUT = Draft202012Validator(BATCH_OUTPUT_SCHEMA)


def bleu(**input_changes: Any) -> dict[str, Any]:
    """An operation of bleu-corpus-compute on one segment; ``bind``, ``include_result``, ``id``
    and ``version`` given here go to the operation, anything else to its input."""
    keys = {"bind", "include_result", "id", "version"}
    operation = {key: value for key, value in input_changes.items() if key in keys}
    tool_input = {**SEGMENT, **{k: v for k, v in input_changes.items() if k not in keys}}
    return {"id": BLEU, "version": "1.0.0", "input": tool_input, **operation}


def bound(step: int, pointer: str) -> dict[str, Any]:
    return {"step": step, "pointer": pointer}


def results(*operations: dict[str, Any]) -> list[JsonObject]:
    """The batch's results, checked against the published output schema."""
    answer = run_batch({"operations": list(operations)})
    OUTPUT.validate(answer)
    return list(answer["results"])


def single(tool_input: object, *, tool_id: str = BLEU, version: str = "1.0.0") -> JsonObject:
    return registry.get_tool(tool_id, version).execute(tool_input)


def codes_and_pointers(entry: JsonObject) -> list[tuple[str, str]]:
    assert entry["status"] == "error"
    return [(error["code"], error["pointer"]) for error in entry["errors"]]


# -- Tools of a test's own, for results that bleu-corpus-compute cannot give --------------------


class _AnyInput:
    """A parser that takes any input as it is."""

    schema: dict[str, Any] = {"type": "object"}  # noqa: RUF012 - read only

    def parse(self, raw: object) -> object:
        return raw


def _tool(tool_id: str, execute: Callable[[Any], JsonObject]) -> Tool[Any]:
    parser = _AnyInput()
    contract = Contract(
        id=tool_id,
        version="1.0.0",
        title=tool_id,
        summary="",
        use_when=(),
        supported=(),
        not_supported=(),
        behavior=(),
        input_schema=parser.schema,
        output_schema={"type": "object"},
        limits={},
    )
    return Tool(contract, parser, execute)


def _echo(raw: object) -> JsonObject:
    """Its input as its result, the very object: the worst case for aliasing."""
    assert isinstance(raw, dict)
    return raw


def _appender(raw: object) -> JsonObject:
    """Changes the lists it is given, then answers with them."""
    assert isinstance(raw, dict)
    for value in raw.values():
        if isinstance(value, list):
            value.append("changed")
    return raw


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Registers 'echo' and 'appender' for the batch, and records every tool it runs."""
    made: list[str] = []
    tools = {"echo": _tool("echo", _echo), "appender": _tool("appender", _appender)}

    def get_tool(tool_id: str, version: str) -> Tool[Any]:
        made.append(tool_id)
        if tool_id in tools and version == "1.0.0":
            return tools[tool_id]
        return registry.get_tool(tool_id, version)

    monkeypatch.setattr(batch_module, "get_tool", get_tool)
    return made


def echo(tool_input: dict[str, Any], **operation: Any) -> dict[str, Any]:
    return {"id": "echo", "version": "1.0.0", "input": tool_input, **operation}


# -- Statuses and bindings -----------------------------------------------------------------------


def test_each_operation_answers_as_a_single_execute_of_its_tool() -> None:
    first, second = bleu(), bleu(max_order=2, decimals=3)
    assert results(first, second) == [
        {"status": "ok", "result": single(first["input"])},
        {"status": "ok", "result": single(second["input"])},
    ]


def test_a_chain_of_three_steps_passes_each_bound_value_on() -> None:
    answer = results(
        bleu(max_order=2),
        bleu(bind={"max_order": bound(0, "/max_order")}, decimals=1),
        bleu(bind={"max_order": bound(1, "/max_order"), "decimals": bound(1, "/matches/1")}),
    )
    assert [entry["result"]["max_order"] for entry in answer] == [2, 2, 2]
    # matches of step 1 are [3, 2]: 2 decimals.
    assert answer[2]["result"] == single({**SEGMENT, "max_order": 2, "decimals": 2})


def test_a_step_may_bind_from_any_earlier_step_not_only_the_one_before() -> None:
    answer = results(bleu(max_order=3), bleu(), bleu(bind={"max_order": bound(0, "/max_order")}))
    assert answer[2]["result"]["max_order"] == 3


def test_include_result_false_leaves_the_result_out_and_it_can_still_be_bound() -> None:
    answer = results(
        bleu(max_order=1, include_result=False), bleu(bind={"max_order": bound(0, "/max_order")})
    )
    assert answer[0] == {"status": "ok"}
    assert answer[1]["result"]["max_order"] == 1


def test_include_result_true_is_the_default() -> None:
    assert results(bleu(include_result=True)) == results(bleu())


def test_a_failed_step_skips_the_steps_that_bind_from_it_and_no_other() -> None:
    answer = results(
        bleu(max_order=9),  # an input error
        bleu(bind={"max_order": bound(0, "/max_order")}),
        bleu(bind={"decimals": bound(1, "/max_order")}),  # binds from a skipped step
        bleu(max_order=2),  # independent
        bleu(bind={"max_order": bound(3, "/max_order")}),
    )
    assert [entry["status"] for entry in answer] == ["error", "skipped", "skipped", "ok", "ok"]
    assert answer[1]["reason"] == (
        "step 0 did not succeed (its status is error), and this operation binds 'max_order' from it"
    )
    assert answer[2]["reason"].startswith("step 1 did not succeed (its status is skipped)")


def test_the_reason_names_the_earliest_failed_step_bound_from() -> None:
    answer = results(
        bleu(),
        bleu(max_order=0),
        bleu(max_order=9),
        bleu(bind={"max_order": bound(2, "/max_order"), "decimals": bound(1, "/max_order")}),
    )
    assert answer[3]["status"] == "skipped"
    assert answer[3]["reason"].startswith("step 1 did not succeed")
    assert answer[3]["reason"].endswith("binds 'decimals' from it")


def test_a_skipped_operation_is_not_checked_at_all() -> None:
    # Its unknown tool and its unresolvable binding are never looked at.
    skipped = {"id": "no-such-tool", "version": "9", "input": {}, "bind": {"x": bound(0, "/no")}}
    answer = results(bleu(max_order=0), skipped)
    assert answer[1]["status"] == "skipped"


# -- Unresolved bindings -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pointer", "got"),
    [
        ("/precision", "got an object without the member 'precision' at the top level"),
        ("/matches/4", "got the index 4 into an array of 4 items at /matches"),
        ("/matches/-", "got the token '-', the element after the last, into an array at /matches"),
        ("/matches/01", "got the token '01', not an index in canonical decimal, into an array"),
        ("/bleu/0", "got the token '0' into the number 0.0 at /bleu"),
        ("/matches/0/0", "got the token '0' into the number 3 at /matches/0"),
    ],
)
def test_a_binding_that_does_not_resolve_is_an_unresolved_binding_at_its_key(
    pointer: str, got: str
) -> None:
    answer = results(bleu(), bleu(bind={"max_order": bound(0, pointer)}))
    (error,) = answer[1]["errors"]
    assert (error["code"], error["pointer"]) == (
        "unresolved_binding",
        "/operations/1/bind/max_order",
    )
    assert error["message"].startswith(
        f'expected the pointer "{pointer}" to name a value in the result of step 0, '
    )
    assert got in error["message"]


@pytest.mark.parametrize(
    ("pointer", "got"),
    [
        ("/text/0", "the token '0' into the string \"abc\" at /text"),
        ("/flag/x", "the token 'x' into the boolean false at /flag"),
        ("/none/x", "the token 'x' into null at /none"),
        ("/list/-", "the token '-'"),
    ],
)
def test_a_token_into_a_string_boolean_or_null_does_not_resolve(
    calls: list[str], pointer: str, got: str
) -> None:
    data = {"text": "abc", "flag": False, "none": None, "list": []}
    answer = results(echo(data), echo({}, bind={"k": bound(0, pointer)}))
    (error,) = answer[1]["errors"]
    assert error["code"] == "unresolved_binding"
    assert got in error["message"]


def test_every_unresolved_binding_of_an_operation_is_reported() -> None:
    bind = {"max_order": bound(0, "/nope"), "decimals": bound(1, "/matches/9")}
    answer = results(bleu(), bleu(), bleu(bind=bind))
    assert codes_and_pointers(answer[2]) == [
        ("unresolved_binding", "/operations/2/bind/max_order"),
        ("unresolved_binding", "/operations/2/bind/decimals"),
    ]


def test_bindings_are_resolved_in_the_result_object_under_result() -> None:
    # "" is the whole result object, not the entry {"status": ..., "result": ...}.
    answer = results(bleu(), bleu(bind={"max_order": bound(0, "")}))
    assert codes_and_pointers(answer[1]) == [("type", "/operations/1/input/max_order")]


# -- Where errors point --------------------------------------------------------------------------


def test_a_bound_value_is_validated_by_the_tool_and_its_errors_point_under_its_key() -> None:
    # matches [3, 2, 1, 0] where token lists are expected: four type errors, moved in messages too.
    answer = results(
        bleu(),
        {
            **bleu(bind={"hypotheses": bound(0, "/matches")}),
            "input": {"references": SEGMENT["references"]},
        },
    )
    errors = answer[1]["errors"]
    assert errors[0] == {
        "code": "type",
        "pointer": "/operations/1/input/hypotheses/0",
        "message": "expected an array, got the number 3 at /operations/1/input/hypotheses/0",
    }
    assert [e["pointer"] for e in errors][1:4] == [
        f"/operations/1/input/hypotheses/{n}" for n in (1, 2, 3)
    ]


def test_an_input_error_keeps_its_code_and_message_moved_under_its_operation() -> None:
    tool_input = {**SEGMENT, "max_orders": 2}
    with pytest.raises(InputError) as raised:
        single(tool_input)
    (expected,) = raised.value.errors
    answer = results(bleu(), {"id": BLEU, "version": "1.0.0", "input": tool_input})
    assert answer[1]["errors"] == [
        {
            "code": "unknown_property",
            "pointer": "/operations/1/input/max_orders",
            "message": expected["message"].replace("at the top level", "at /operations/1/input"),
        }
    ]
    assert "at /operations/1/input (did you mean 'max_order'?)" in answer[1]["errors"][0]["message"]


def test_a_bound_key_the_tool_does_not_have_is_its_unknown_property() -> None:
    answer = results(bleu(), bleu(bind={"maximum": bound(0, "/max_order")}))
    assert codes_and_pointers(answer[1]) == [("unknown_property", "/operations/1/input/maximum")]


def test_an_unknown_tool_points_at_the_id_and_an_unknown_version_at_the_version() -> None:
    answer = results(
        {"id": "bleu", "version": "1.0.0", "input": {}},
        {"id": BLEU, "version": "1.0", "input": {}},
        {"id": "execute_batch", "version": "1.0.0", "input": {"operations": []}},
    )
    assert codes_and_pointers(answer[0]) == [("unknown_tool", "/operations/0/id")]
    assert codes_and_pointers(answer[1]) == [("unknown_version", "/operations/1/version")]
    assert codes_and_pointers(answer[2]) == [("unknown_tool", "/operations/2/id")]
    with pytest.raises(UnknownToolError) as raised:
        registry.get_tool(BLEU, "1.0")
    assert answer[1]["errors"][0]["message"] == str(raised.value)


def test_an_operation_reports_unresolved_bindings_first_then_an_unknown_tool_then_its_input() -> (
    None
):
    bad_input = {"max_orders": 1}
    answer = results(
        bleu(),
        {"id": "nope", "version": "1.0.0", "input": bad_input, "bind": {"k": bound(0, "/no")}},
        {"id": "nope", "version": "1.0.0", "input": bad_input},
        {"id": BLEU, "version": "0.1", "input": bad_input},
        {"id": BLEU, "version": "1.0.0", "input": bad_input},
    )
    assert [codes_and_pointers(entry)[0][0] for entry in answer[1:]] == [
        "unresolved_binding",
        "unknown_tool",
        "unknown_version",
        "required",
    ]
    assert len(answer[1]["errors"]) == len(answer[2]["errors"]) == 1


# -- Whole batches -------------------------------------------------------------------------------


def test_a_malformed_batch_runs_nothing(calls: list[str]) -> None:
    with pytest.raises(InputError) as raised:
        run_batch({"operations": [echo({}), echo({}, include_result="no")]})
    assert calls == []
    assert raised.value.errors[0]["pointer"] == "/operations/1/include_result"


def test_execute_batch_takes_the_operations_and_answers_the_results() -> None:
    assert execute_batch([bleu()]) == results(bleu())


def test_execute_batch_points_into_the_batch_its_operations_make() -> None:
    with pytest.raises(InputError) as raised:
        execute_batch([bleu(), bleu(bind={"hypothesis": {"step": 1}})])
    assert raised.value.errors[0]["pointer"] == "/operations/1/bind/hypothesis/pointer"
    with pytest.raises(InputError) as raised:
        execute_batch({"id": BLEU})
    assert raised.value.errors[0]["pointer"] == "/operations"


def test_the_batch_the_page_shows_is_well_formed() -> None:
    segment = {
        "hypotheses": ["The cat sat on the mat."],
        "references": [["The cat is on the mat.", "A cat sat on the mat."]],
    }
    words = {
        "hypothesis": bound(0, "/words/0/hypothesis"),
        "references": bound(0, "/words/0/references"),
    }
    check_batch(
        {
            "operations": [
                {
                    "id": "chrf-plus-plus-compute",
                    "version": "1.0.0",
                    "input": segment,
                    "include_result": False,
                },
                {"id": "bleu-sentence-compute", "version": "1.0.0", "input": {}, "bind": words},
                {"id": "chrf-compute", "version": "1.0.0", "input": segment},
            ]
        }
    )


def test_the_batch_s_own_objects_are_left_as_they_were() -> None:
    operations = [bleu(max_order=2), bleu(bind={"max_order": bound(0, "/max_order")})]
    before = copy.deepcopy(operations)
    results(*operations)
    assert operations == before


# -- Binding without copies ---------------------------------------------------------------------


def test_a_bound_value_is_the_earlier_result_s_own_value_not_a_copy(calls: list[str]) -> None:
    answer = results(echo({"a": [1, {"b": [2]}]}), echo({}, bind={"a": bound(0, "/a")}))
    assert answer[1]["result"] == {"a": [1, {"b": [2]}]}
    assert answer[1]["result"]["a"] is answer[0]["result"]["a"]


@pytest.mark.parametrize("tool", all_tools(), ids=lambda tool: tool.contract.id)
def test_no_tool_changes_its_input_so_binding_needs_no_copy(tool: Tool[Any]) -> None:
    contract = tool.contract
    for example in contract.examples:
        given_input = copy.deepcopy(example.input)
        execute(contract.id, contract.version, given_input)
        assert given_input == example.input


def test_a_list_binding_binds_an_array_of_the_values_in_the_list_s_order(
    calls: list[str],
) -> None:
    answer = results(
        echo({"a": 1}),
        echo({"a": 2}),
        echo({}, bind={"parts": [bound(1, "/a"), bound(0, "/a"), bound(1, "")]}),
    )
    assert answer[2]["result"] == {"parts": [2, 1, {"a": 2}]}


def test_every_unresolved_binding_of_a_list_points_at_its_place_in_the_list(
    calls: list[str],
) -> None:
    answer = results(echo({"a": 1}), echo({}, bind={"parts": [bound(0, "/a"), bound(0, "/b")]}))
    assert codes_and_pointers(answer[1]) == [("unresolved_binding", "/operations/1/bind/parts/1")]


def test_a_list_binding_from_a_failed_step_is_skipped_naming_the_key(calls: list[str]) -> None:
    answer = results(
        echo({"a": 1}), bleu(hypotheses=3), echo({}, bind={"p": [bound(0, ""), bound(1, "")]})
    )
    assert answer[2] == {
        "status": "skipped",
        "reason": "step 1 did not succeed (its status is error), and this operation binds 'p' "
        "from it",
    }


def test_a_key_the_tool_does_not_have_is_its_input_error_before_any_pointer_is_resolved() -> None:
    bind = {"max_orders": bound(0, "/no/such/member"), "decimals": bound(0, "/nothing")}
    answer = results(bleu(), bleu(bind=bind))
    (error,) = answer[1]["errors"]
    assert (error["code"], error["pointer"]) == (
        "unknown_property",
        "/operations/1/input/max_orders",
    )
    assert "did you mean 'max_order'?" in error["message"]
    assert "at /operations/1/input" in error["message"]


def test_a_bound_key_the_tool_lacks_costs_no_walk_of_the_result(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    resolved: list[str] = []
    monkeypatch.setattr(batch_module, "resolve", lambda doc, ptr: resolved.append(ptr))
    bind = {f"k{n}": bound(0, "") for n in range(8)}
    answer = results(bleu(), bleu(bind=bind))
    assert {e["code"] for e in answer[1]["errors"]} == {"unknown_property"}
    assert resolved == []


def test_the_values_a_batch_binds_are_capped_in_all(
    calls: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(batch_module, "MAX_BOUND_BYTES", 100)
    text = "x" * 58  # 60 bytes as JSON
    answer = results(
        echo({"a": text}),
        echo({}, bind={"a": bound(0, "/a")}),
        echo({}, bind={"b": [bound(0, "/a")]}),
    )
    assert answer[1]["status"] == "ok"
    (error,) = answer[2]["errors"]
    assert (error["code"], error["pointer"]) == ("binding_too_large", "/operations/2/bind/b")
    assert error["message"].startswith(
        "expected the values a batch binds to take at most 100 bytes of JSON in all, "
        "got a value over the 40 bytes left for 'b'"
    )


# -- Equal to single executes --------------------------------------------------------------------


def mostly(common: object, *rare: object) -> st.SearchStrategy[Any]:
    """``common`` most of the time, else one of ``rare`` (Hypothesis favours the ends of a
    range, so two middle values pick the rare cases)."""
    return st.integers(0, 9).flatmap(
        lambda n: st.sampled_from(rare) if n in (4, 5) else st.just(common)
    )


TOKENS = st.lists(st.sampled_from(["a", "b", "c"]), max_size=4)
VALUES = st.one_of(st.integers(-1, 9), st.sampled_from([2.0, 0.5, True, None, "4"]))
SEGMENTS = st.lists(TOKENS, min_size=1, max_size=3)
REFERENCES = st.lists(st.lists(TOKENS, min_size=1, max_size=2), min_size=1, max_size=3)
OPTIONS = {"max_order": VALUES, "decimals": VALUES, "max_orders": VALUES}
BLEU_INPUTS = st.integers(0, 3).flatmap(
    lambda n: st.fixed_dictionaries(
        {"hypotheses": SEGMENTS, "references": REFERENCES} if n else {},
        optional={"hypotheses": SEGMENTS | VALUES, "references": REFERENCES, **OPTIONS}
        if not n
        else OPTIONS,
    )
)
OPERATIONS = st.fixed_dictionaries(
    {
        "id": mostly(BLEU, "bleu", "execute_batch"),
        "version": mostly("1.0.0", "1.0", "2.0.0"),
        "input": BLEU_INPUTS,
    },
    optional={"include_result": st.booleans()},
)


def _moved(message: str, prefix: str) -> str:
    """The message with its place, the one "at /..." or "at the top level" in it, under prefix."""
    return re.sub(
        "at (the top level|/)", lambda m: f"at {prefix}" + ("/" if m[1] == "/" else ""), message
    )


def _single_entry(index: int, operation: dict[str, Any]) -> JsonObject:
    try:
        result = single(operation["input"], tool_id=operation["id"], version=operation["version"])
    except UnknownToolError as error:
        place = {"unknown_tool": "id", "unknown_version": "version"}[error.code]
        pointer = f"/operations/{index}/{place}"
        return {
            "status": "error",
            "errors": [{"code": error.code, "pointer": pointer, "message": str(error)}],
        }
    except InputError as error:
        prefix = f"/operations/{index}/input"
        errors = [
            {
                "code": e["code"],
                "pointer": prefix + e["pointer"],
                "message": _moved(e["message"], prefix),
            }
            for e in error.errors
        ]
        return {"status": "error", "errors": errors}
    return (
        {"status": "ok", "result": result}
        if operation.get("include_result", True)
        else {"status": "ok"}
    )


@settings(max_examples=150, deadline=None)
@given(st.lists(OPERATIONS, min_size=1, max_size=5))
def test_independent_operations_answer_exactly_what_single_executes_do(
    operations: list[dict[str, Any]],
) -> None:
    expected = [_single_entry(index, operation) for index, operation in enumerate(operations)]
    assert results(*operations) == expected
