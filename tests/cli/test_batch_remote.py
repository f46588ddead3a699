"""``mtcompute batch``: in-process, and with ``--base-url`` against a live server, printing the
same results and exiting with the same code; a malformed batch exits 2 with its errors on
stderr."""

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from mtcompute import jsonio
from mtcompute.cli.group import cli
from tests.batch_cases import (
    CHAIN,
    CHAIN_RESULTS,
    FAILED,
    MALFORMED,
    PAGE_EXAMPLE_BATCH,
    PAGE_EXAMPLE_RESPONSE,
    WELL_FORMED,
    Malformed,
    Outcome,
    check_failed,
    codes_and_pointers,
    core,
    needs_sentence_bleu,
    page_example_steps_expected,
)

LOCAL = "local"


def invoke(body: bytes, where: str) -> Result:
    remote = [] if where == LOCAL else ["--base-url", where]
    return CliRunner().invoke(cli, ["batch", "--input", "-", *remote], input=body)


def parsed(text: str) -> Any:
    return jsonio.loads(text)


def outcome_of(result: Result) -> Outcome:
    """Exit 0 with the results on stdout, or exit 2 with the errors on stderr."""
    if result.exit_code == 0:
        assert result.stderr == ""
        return "results", parsed(result.stdout)["results"]
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    return "errors", parsed(result.stderr)["errors"]


@pytest.fixture(params=[LOCAL, "remote"])
def answer(request: pytest.FixtureRequest, base_url: str) -> Any:
    """The batch's outcome in-process or through the live server; for the remote run, also
    that it prints exactly what the local run prints."""
    where = LOCAL if request.param == LOCAL else base_url

    def run(batch: Any) -> Outcome:
        result = invoke(jsonio.dumps(batch), where)
        if where != LOCAL:
            local = invoke(jsonio.dumps(batch), LOCAL)
            assert (result.exit_code, result.stdout, result.stderr) == (
                local.exit_code,
                local.stdout,
                local.stderr,
            )
        return outcome_of(result)

    return run


@needs_sentence_bleu
def test_the_page_s_example_prints_the_page_s_response(answer: Any) -> None:
    assert answer(PAGE_EXAMPLE_BATCH) == ("results", PAGE_EXAMPLE_RESPONSE["results"])


def test_the_page_s_example_gives_the_page_s_chrf_entries(answer: Any) -> None:
    kind, results = answer(PAGE_EXAMPLE_BATCH)
    assert kind == "results"
    assert [results[0], results[2]] == page_example_steps_expected()


def test_a_chain_of_three_steps_passes_each_bound_value_on(answer: Any) -> None:
    assert answer(CHAIN) == ("results", CHAIN_RESULTS)


def test_a_failed_step_still_exits_0_with_its_skipped_dependants(answer: Any) -> None:
    kind, results = answer(FAILED)
    assert kind == "results"
    check_failed(results)


@pytest.mark.parametrize("case", MALFORMED, ids=[case.name for case in MALFORMED])
def test_a_malformed_batch_exits_2_with_every_violation_on_stderr(
    answer: Any, case: Malformed
) -> None:
    kind, errors = answer(case.batch)
    assert kind == "errors"
    assert codes_and_pointers(errors) == case.errors
    assert (kind, errors) == core(case.batch)


@pytest.mark.parametrize("batch", WELL_FORMED.values(), ids=list(WELL_FORMED))
def test_a_batch_at_a_rule_s_boundary_runs(answer: Any, batch: Any) -> None:
    outcome = answer(batch)
    assert outcome[0] == "results"
    assert outcome == core(batch)


@pytest.mark.parametrize("body", [b"NaN", b"\xff", b""])
def test_a_body_that_is_not_json_exits_2(body: bytes, base_url: str) -> None:
    for where in (LOCAL, base_url):
        result = invoke(body, where)
        assert result.exit_code == 2
        assert [error["code"] for error in parsed(result.stderr)["errors"]] == ["invalid_json"]


def test_an_unreachable_service_is_one_line_and_exit_1() -> None:
    result = invoke(jsonio.dumps(CHAIN), "http://127.0.0.1:9")
    assert result.exit_code == 1
    assert result.stderr.startswith("mtcompute: cannot reach http://127.0.0.1:9")
    assert result.stderr.count("\n") == 1


def test_the_installed_command_reads_a_batch_file(tmp_path: Path) -> None:
    path = tmp_path / "batch.json"
    path.write_bytes(jsonio.dumps(CHAIN))
    command = Path(sys.executable).with_name("mtcompute")
    done = subprocess.run(
        [str(command), "batch", "--input", str(path)], capture_output=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert parsed(done.stdout.decode()) == {"results": CHAIN_RESULTS}
