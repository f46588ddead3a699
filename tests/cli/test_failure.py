"""The CLI's one error exit: every failure leaves through ``cli/failure.py``."""

import ast
from pathlib import Path

import pytest

from mtcompute.cli.failure import fail, fail_line
from mtcompute.errors import InputError, ServiceError, Violation

CLI = Path(__file__).resolve().parents[2] / "src" / "mtcompute" / "cli"


def _exits_outside_failure() -> list[str]:
    found = []
    for path in sorted(CLI.glob("*.py")):
        if path.name == "failure.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr == "exit":
                found.append(f"{path.name}:{node.lineno}")
    return found


def test_no_command_module_exits_on_its_own() -> None:
    assert _exits_outside_failure() == []


def test_a_line_failure_is_one_prefixed_line_on_stderr_and_exit_1(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exited:
        fail_line("cannot write the answer: standard output is closed")
    assert exited.value.code == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "mtcompute: cannot write the answer: standard output is closed\n"


def test_a_service_error_is_one_line_and_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        fail(ServiceError("the service answered 503"))
    assert exited.value.code == 1
    assert capsys.readouterr().err == "mtcompute: the service answered 503\n"


def test_an_input_error_is_its_errors_in_json_and_exit_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    violation = Violation(code="too_long", pointer="/a", message="expected at most 1")
    with pytest.raises(SystemExit) as exited:
        fail(InputError([violation]), one_line=True)
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert '"pointer":"/a"' in err
