"""The one error hierarchy: its tree, exit codes, violations, and errors that cross processes."""

import pickle

import pytest

from mtcompute import errors
from mtcompute.errors import (
    InputError,
    InvalidBaseUrlError,
    MalformedJsonError,
    MtcomputeError,
    ServiceError,
    UnknownToolError,
    Violation,
)

ONE = Violation(code="too_short", pointer="/hypotheses/0/1", message="expected a non-empty string")
TWO = Violation(code="type", pointer="/max_order", message="expected an integer")


@pytest.mark.parametrize(
    ("error", "parent"),
    [
        pytest.param(InputError, MtcomputeError, id="InputError"),
        pytest.param(MalformedJsonError, InputError, id="MalformedJsonError"),
        pytest.param(UnknownToolError, MtcomputeError, id="UnknownToolError"),
        pytest.param(ServiceError, MtcomputeError, id="ServiceError"),
        pytest.param(MtcomputeError, Exception, id="MtcomputeError"),
    ],
)
def test_every_error_has_its_place_in_the_tree(
    error: type[Exception], parent: type[Exception]
) -> None:
    assert error.__mro__[1] is parent


def test_the_module_docstring_draws_every_error() -> None:
    drawn = errors.__doc__ or ""
    classes = [
        name
        for name, value in vars(errors).items()
        if isinstance(value, type) and issubclass(value, MtcomputeError)
    ]
    assert len(classes) == 6
    for name in classes:
        assert name in drawn


@pytest.mark.parametrize(
    ("error", "exit_code"),
    [
        pytest.param(InputError([ONE]), 2, id="an input error is a usage error"),
        pytest.param(MalformedJsonError("bad"), 2, id="malformed JSON is an input error"),
        pytest.param(UnknownToolError("no"), 2, id="an unknown tool is a usage error"),
        pytest.param(InvalidBaseUrlError("no"), 2, id="a malformed base URL is a usage error"),
        pytest.param(ServiceError("down"), 1, id="a service error is anything else"),
        pytest.param(MtcomputeError("?"), 1, id="the base is anything else"),
    ],
)
def test_the_exit_code_belongs_to_the_error_class(error: MtcomputeError, exit_code: int) -> None:
    assert error.exit_code == exit_code


def test_an_input_error_lists_every_violation_and_reads_as_the_first() -> None:
    error = InputError([ONE, TWO])
    assert error.errors == [ONE, TWO]
    assert str(error) == "expected a non-empty string (and 1 more)"
    assert str(InputError([ONE])) == "expected a non-empty string"


def test_an_input_errors_list_cannot_be_changed_from_outside() -> None:
    given = [ONE]
    error = InputError(given)
    given.append(TWO)
    error.errors.append(TWO)
    assert error.errors == [ONE]


def test_malformed_json_is_one_violation_at_the_top_level() -> None:
    error = MalformedJsonError("expected a JSON document, got invalid JSON: ...")
    assert error.errors == [
        {
            "code": "invalid_json",
            "pointer": "",
            "message": "expected a JSON document, got invalid JSON: ...",
        }
    ]


def test_an_unknown_tool_or_version_carries_its_code() -> None:
    assert UnknownToolError("x").errors[0]["code"] == "unknown_tool"
    assert UnknownToolError("x", code="unknown_version").errors == [
        {"code": "unknown_version", "pointer": "", "message": "x"}
    ]


def test_other_errors_are_one_violation_with_their_message() -> None:
    assert ServiceError("the server did not answer").errors == [
        {"code": "error", "pointer": "", "message": "the server did not answer"}
    ]


@pytest.mark.parametrize(
    "error",
    [
        pytest.param(InputError([ONE, TWO]), id="InputError"),
        pytest.param(MalformedJsonError("bad bytes"), id="MalformedJsonError"),
        pytest.param(UnknownToolError("v9", code="unknown_version"), id="UnknownToolError"),
        pytest.param(ServiceError("down"), id="ServiceError"),
    ],
)
def test_an_error_survives_pickling_to_another_process(error: MtcomputeError) -> None:
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is type(error)
    assert str(copy) == str(error)
    assert copy.errors == error.errors
    assert copy.exit_code == error.exit_code
