"""The contract of bleu-corpus-compute@1.0.0 as data: its fields, its examples, its limits."""

from typing import Any

import pytest
from jsonschema import Draft202012Validator

from mtcompute import jsonio
from mtcompute.api import describe, execute
from mtcompute.contracts.bleu_corpus_compute_1_0_0 import CONTRACT, LIMITS, OUTPUT_SCHEMA, PARSER

ID, VERSION = "bleu-corpus-compute", "1.0.0"
EXAMPLES = describe(ID, VERSION)["examples"]

# The spec's example, word for word.
SPEC_EXAMPLE = {
    "input": {
        "hypotheses": [["this", "is", "a", "test"]],
        "references": [[["this", "is", "a", "test"]]],
    },
    "output": {
        "result": {
            "bleu": 1,
            "brevity_penalty": 1,
            "candidate_length": 4,
            "reference_length": 4,
            "max_order": 4,
            "matches": [4, 3, 2, 1],
            "totals": [4, 3, 2, 1],
        }
    },
}


def test_the_contract_has_every_field_the_issue_lists() -> None:
    contract = describe(ID, VERSION)
    assert list(contract) == [
        "id",
        "version",
        "title",
        "summary",
        "use_when",
        "supported",
        "not_supported",
        "behavior",
        "input_schema",
        "output_schema",
        "limits",
        "examples",
    ]
    assert (contract["id"], contract["version"]) == (ID, VERSION)
    assert contract["title"] == "Bleu corpus compute"
    for field in ("use_when", "supported", "not_supported", "behavior"):
        assert contract[field], field
        assert all(isinstance(line, str) and line for line in contract[field]), field


def test_the_contract_is_json_and_survives_a_round_trip() -> None:
    contract = describe(ID, VERSION)
    assert jsonio.loads(jsonio.dumps(contract)) == contract


def test_the_scopes_are_the_specs() -> None:
    assert CONTRACT.supported[:3] == CONTRACT.use_when
    assert len(CONTRACT.supported) == 7
    assert CONTRACT.not_supported[0].startswith("tokenizing raw text")
    assert len(CONTRACT.behavior) == 7
    assert CONTRACT.behavior[3] == (
        "brevity_penalty is 1 when c > r, 0 when c = 0 (even if r = 0), otherwise exp(1 - r/c)."
    )


def test_the_spec_example_is_the_first_example() -> None:
    assert {key: EXAMPLES[0][key] for key in ("input", "output")} == SPEC_EXAMPLE
    assert jsonio.dumps(EXAMPLES[0]["output"]) == jsonio.dumps(SPEC_EXAMPLE["output"])


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["title"] for e in EXAMPLES])
def test_every_example_runs_and_gives_its_stored_output(example: dict[str, Any]) -> None:
    result = execute(ID, VERSION, example["input"])
    assert {"result": result} == example["output"]
    assert jsonio.dumps({"result": result}) == jsonio.dumps(example["output"])


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["title"] for e in EXAMPLES])
def test_every_example_follows_the_published_schemas(example: dict[str, Any]) -> None:
    contract = describe(ID, VERSION)
    Draft202012Validator(contract["input_schema"]).validate(example["input"])
    result = execute(ID, VERSION, example["input"])
    Draft202012Validator(contract["output_schema"]).validate(result)
    Draft202012Validator(contract["output_schema"]).validate(jsonio.loads(jsonio.dumps(result)))


def test_the_limits_are_the_specs() -> None:
    assert describe(ID, VERSION)["limits"] == {
        "max_segments": 1000,
        "max_references_per_segment": 8,
        "max_total_tokens": 50000,
        "max_token_bytes": 128,
        "max_total_token_bytes": 1048576,
    }


def test_the_limits_match_the_schemas_bounds() -> None:
    contract = describe(ID, VERSION)
    limits, properties = contract["limits"], contract["input_schema"]["properties"]
    hypotheses, references = properties["hypotheses"], properties["references"]
    assert hypotheses["maxItems"] == references["maxItems"] == limits["max_segments"]
    assert references["items"]["maxItems"] == limits["max_references_per_segment"]
    token_lengths = {
        hypotheses["items"]["items"]["maxLength"],
        references["items"]["items"]["items"]["maxLength"],
    }
    assert token_lengths == {limits["max_token_bytes"]}


def test_the_schema_follows_the_specs_input_and_output_sections() -> None:
    contract = describe(ID, VERSION)
    schema = contract["input_schema"]
    assert list(schema["properties"]) == ["hypotheses", "references", "max_order", "decimals"]
    assert schema["required"] == ["hypotheses", "references"]
    assert schema["additionalProperties"] is False
    assert (
        schema["properties"]["max_order"]["minimum"],
        schema["properties"]["max_order"]["maximum"],
    ) == (1, 8)
    assert (
        schema["properties"]["decimals"]["minimum"],
        schema["properties"]["decimals"]["maximum"],
    ) == (0, 15)
    assert contract["output_schema"]["required"] == [
        "bleu",
        "brevity_penalty",
        "candidate_length",
        "reference_length",
        "max_order",
        "matches",
        "totals",
    ]


def test_the_published_input_schema_is_the_object_validation_uses() -> None:
    assert CONTRACT.input_schema is PARSER.schema
    assert CONTRACT.output_schema is OUTPUT_SCHEMA
    assert describe(ID, VERSION)["input_schema"] == PARSER.schema
    assert CONTRACT.limits == LIMITS.to_json()


def test_changing_a_described_contract_changes_nothing_published() -> None:
    contract = describe(ID, VERSION)
    contract["input_schema"]["properties"]["hypotheses"]["maxItems"] = 10**6
    contract["examples"][0]["input"]["hypotheses"].append(["x"])
    contract["limits"]["max_segments"] = 10**6
    again = describe(ID, VERSION)
    assert again["input_schema"]["properties"]["hypotheses"]["maxItems"] == 1000
    assert again["examples"][0]["input"] == SPEC_EXAMPLE["input"]
    assert again["limits"]["max_segments"] == 1000
