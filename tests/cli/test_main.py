"""The ``mtcompute`` command: the installed console script as a person runs it, and click's
runner in-process for the rest."""

import io
import subprocess
import sys
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from mtcompute import api, jsonio
from mtcompute.cli.group import cli
from mtcompute.cli.main import main
from mtcompute.settings import DEFAULT_MAX_BODY_BYTES
from tests.golden import GoldenCase, golden_cases

MTCOMPUTE = str(Path(sys.executable).with_name("mtcompute"))
ID, VERSION = "bleu-corpus-compute", "1.0.0"
SPEC_INPUT = (
    b'{"hypotheses": [["this", "is", "a", "test"]], "references": [[["this", "is", "a", "test"]]]}'
)
SPEC_OUTPUT = """{
  "result": {
    "bleu": 1,
    "brevity_penalty": 1,
    "candidate_length": 4,
    "reference_length": 4,
    "max_order": 4,
    "matches": [
      4,
      3,
      2,
      1
    ],
    "totals": [
      4,
      3,
      2,
      1
    ]
  }
}
"""
GOLDEN = golden_cases()


def mtcompute(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[str]:
    """Run the installed console script, as a person at a shell would."""
    completed = subprocess.run(
        [MTCOMPUTE, *args], input=stdin, capture_output=True, timeout=60, check=False
    )
    return subprocess.CompletedProcess(
        completed.args,
        completed.returncode,
        completed.stdout.decode("utf-8"),
        completed.stderr.decode("utf-8"),
    )


def errors_on(stderr: str) -> list[tuple[str, str]]:
    document: Any = jsonio.loads(stderr)
    return [(e["code"], e["pointer"]) for e in document["errors"]]


def test_run_with_a_file_prints_the_result_and_exits_0(tmp_path: Path) -> None:
    input_file = tmp_path / "input.json"
    input_file.write_bytes(SPEC_INPUT)
    completed = mtcompute("run", ID, VERSION, "--input", str(input_file))
    assert (completed.returncode, completed.stdout, completed.stderr) == (0, SPEC_OUTPUT, "")


def test_run_with_a_dash_reads_standard_input() -> None:
    completed = mtcompute("run", ID, VERSION, "--input", "-", stdin=SPEC_INPUT)
    assert (completed.returncode, completed.stdout) == (0, SPEC_OUTPUT)
    assert '"bleu": 1,' in completed.stdout  # an integral double without a fraction


def test_an_input_error_exits_2_with_the_errors_as_json_on_stderr() -> None:
    bad = b'{"hypotheses": [["a", ""]], "references": [[["a"]]], "max_orders": 2}'
    completed = mtcompute("run", ID, VERSION, "--input", "-", stdin=bad)
    assert (completed.returncode, completed.stdout) == (2, "")
    assert errors_on(completed.stderr) == [
        ("too_short", "/hypotheses/0/1"),
        ("unknown_property", "/max_orders"),
    ]


def test_malformed_json_exits_2() -> None:
    completed = mtcompute("run", ID, VERSION, "--input", "-", stdin=b'{"hypotheses": NaN}')
    assert (completed.returncode, completed.stdout) == (2, "")
    assert errors_on(completed.stderr) == [("invalid_json", "")]


def test_an_unknown_tool_exits_2() -> None:
    completed = mtcompute("run", "bleu", VERSION, "--input", "-", stdin=SPEC_INPUT)
    assert (completed.returncode, completed.stdout) == (2, "")
    assert errors_on(completed.stderr) == [("unknown_tool", "")]


def test_tools_and_describe_print_the_catalog_and_the_contract() -> None:
    listed = mtcompute("tools", "--json")
    described = mtcompute("describe", ID, VERSION)
    assert (listed.returncode, described.returncode) == (0, 0)
    assert jsonio.loads(listed.stdout) == {"tools": api.tools()}
    assert jsonio.loads(described.stdout) == api.describe(ID, VERSION)


def test_tools_prints_a_table_for_people_a_row_a_tool_latest_version_first() -> None:
    listed = mtcompute("tools")
    assert listed.returncode == 0
    header, *rows = listed.stdout.splitlines()
    assert header.split() == ["ID", "VERSIONS", "TITLE"]
    catalogue = api.tools()
    for tool, row in zip(catalogue, rows, strict=False):
        assert row.split()[0] == tool["id"]
        assert row.split()[1].rstrip(",") == tool["latest"]
        assert row.endswith(str(tool["title"]))
        assert row.index(str(tool["latest"])) == header.index("VERSIONS")
    assert rows[len(catalogue)] == ""
    assert rows[-1].startswith(f"{len(catalogue)} tools.")
    assert "mtcompute tools --json" in rows[-1]


def test_a_missing_input_option_is_a_usage_error() -> None:
    completed = mtcompute("run", ID, VERSION)
    assert (completed.returncode, completed.stdout) == (2, "")
    assert "Missing option '--input'" in completed.stderr


# -- In-process, with click's runner -------------------------------------------------------------


def invoke(*args: str, stdin: bytes = b"") -> Result:
    return CliRunner().invoke(cli, list(args), input=stdin)


@pytest.mark.parametrize("case", GOLDEN, ids=[case.id for case in GOLDEN])
def test_run_answers_every_golden_request_with_its_golden_response(case: GoldenCase) -> None:
    result = invoke("run", case.tool_id, case.version, "--input", "-", stdin=case.request)
    expected = jsonio.dumps(jsonio.loads(case.response), indent=True).decode() + "\n"
    if case.is_error:
        assert (result.exit_code, result.stdout, result.stderr) == (2, "", expected)
    else:
        assert (result.exit_code, result.stdout, result.stderr) == (0, expected, "")


def test_an_unknown_version_exits_2() -> None:
    result = invoke("run", ID, "9.9.9", "--input", "-", stdin=SPEC_INPUT)
    assert result.exit_code == 2
    assert errors_on(result.stderr) == [("unknown_version", "")]


def test_describe_of_an_unknown_tool_exits_2() -> None:
    result = invoke("describe", "chrf", "1.0.0")
    assert (result.exit_code, result.stdout) == (2, "")
    assert errors_on(result.stderr) == [("unknown_tool", "")]


def test_an_input_file_that_does_not_exist_is_a_usage_error(tmp_path: Path) -> None:
    result = invoke("run", ID, VERSION, "--input", str(tmp_path / "missing.json"))
    assert result.exit_code == 2
    assert "No such file or directory" in result.stderr


def test_input_that_is_not_utf_8_exits_2() -> None:
    result = invoke("run", ID, VERSION, "--input", "-", stdin=b'{"hypotheses": [["\xff"]]}')
    assert result.exit_code == 2
    assert errors_on(result.stderr) == [("invalid_json", "")]


def test_help_and_version_exit_0() -> None:
    assert invoke("--help").exit_code == 0
    version = invoke("--version")
    assert version.exit_code == 0
    assert version.stdout.endswith(f", version {metadata.version('mtcompute')}\n")


def test_an_unforeseen_error_is_one_line_on_stderr_and_exit_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(*args: object) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(api, "execute_answer", broken)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(SPEC_INPUT)))
    monkeypatch.setattr(sys, "argv", ["mtcompute", "run", ID, VERSION, "--input", "-"])
    with pytest.raises(SystemExit) as exited:
        main()
    assert exited.value.code == 1
    assert capsys.readouterr().err == "mtcompute: internal error: RuntimeError: disk on fire\n"


def test_serve_refuses_a_cors_origin_that_is_not_one_by_name() -> None:
    result = CliRunner().invoke(cli, ["serve", "--allow-cors-origin", "example.org/app"])
    assert result.exit_code == 2
    assert "'--allow-cors-origin'" in result.output
    assert "expected an origin such as https://example.org" in result.output


def in_shell(redirections: str, *args: str) -> subprocess.CompletedProcess[str]:
    """The console script started by a shell with ``redirections`` (``<&-`` closes stdin)."""
    command = " ".join([MTCOMPUTE, *args, redirections])
    completed = subprocess.run(
        ["/bin/sh", "-c", f"exec {command}"], capture_output=True, timeout=60, check=False
    )
    return subprocess.CompletedProcess(
        command, completed.returncode, completed.stdout.decode(), completed.stderr.decode()
    )


@pytest.mark.parametrize("command", ["run", "batch"])
def test_a_closed_standard_input_is_a_usage_error(command: str) -> None:
    arguments = (ID, VERSION) if command == "run" else ()
    completed = in_shell("<&-", command, *arguments, "--input", "-")
    assert completed.returncode == 2
    assert "Invalid value for '--input': standard input is closed" in completed.stderr
    assert "internal error" not in completed.stderr


def test_a_closed_standard_output_exits_1_with_a_message(tmp_path: Path) -> None:
    (tmp_path / "input.json").write_bytes(SPEC_INPUT)
    completed = in_shell(">&-", "run", ID, VERSION, "--input", str(tmp_path / "input.json"))
    assert completed.returncode == 1
    assert completed.stderr == "mtcompute: cannot write the answer: standard output is closed\n"


def test_a_full_standard_output_exits_1_with_a_message(tmp_path: Path) -> None:
    (tmp_path / "input.json").write_bytes(SPEC_INPUT)
    completed = in_shell(">/dev/full", "run", ID, VERSION, "--input", str(tmp_path / "input.json"))
    assert completed.returncode == 1
    assert completed.stderr == (
        "mtcompute: cannot write the answer to standard output: No space left on device\n"
    )


@pytest.mark.parametrize("seconds", ["nan", "inf", "-inf"])
def test_a_timeout_that_is_not_a_finite_number_is_a_usage_error(seconds: str) -> None:
    completed = mtcompute(
        "run", ID, VERSION, "--input", "-", "--timeout", seconds, stdin=SPEC_INPUT
    )
    assert (completed.returncode, completed.stdout) == (2, "")
    assert "Invalid value for '--timeout'" in completed.stderr


@pytest.mark.parametrize("command", ["run", "batch"])
def test_an_input_over_the_body_limit_is_refused_after_reading_one_byte_past_it(
    tmp_path: Path, command: str
) -> None:
    huge = tmp_path / "huge.json"
    with huge.open("wb") as sparse:
        sparse.truncate(2 * 1024**3)  # 2 GiB on disk in no space; reading it all would fill memory
    arguments = (ID, VERSION) if command == "run" else ()
    completed = mtcompute(command, *arguments, "--input", str(huge))
    assert (completed.returncode, completed.stdout) == (2, "")
    assert errors_on(completed.stderr) == [("body_too_large", "")]
    assert f"at most {DEFAULT_MAX_BODY_BYTES} bytes" in completed.stderr


def test_an_input_at_the_body_limit_is_read_whole() -> None:
    padded = SPEC_INPUT + b" " * (DEFAULT_MAX_BODY_BYTES - len(SPEC_INPUT))
    completed = mtcompute("run", ID, VERSION, "--input", "-", stdin=padded)
    assert (completed.returncode, completed.stdout) == (0, SPEC_OUTPUT)


def test_a_lone_surrogate_escape_exits_2_with_the_tokens_pointer() -> None:
    body = b'{"hypotheses": [["a", "\\ud800"]], "references": [[["a"]]]}'
    completed = mtcompute("run", ID, VERSION, "--input", "-", stdin=body)
    assert (completed.returncode, completed.stdout) == (2, "")
    assert errors_on(completed.stderr) == [("invalid_unicode", "/hypotheses/0/1")]


EXAMPLES = Path(__file__).parent.parent.parent / "examples" / "score"


def test_score_with_its_output_closed_or_full_exits_1_with_a_message() -> None:
    files = f"{EXAMPLES / 'ref1.txt'} -i {EXAMPLES / 'hyp.txt'}"
    closed = in_shell(">&-", "score", files, "-b")
    assert (closed.returncode, closed.stderr) == (
        1,
        "mtcompute: cannot write the answer: standard output is closed\n",
    )
    for level in ("", "-sl"):
        full = in_shell(">/dev/full", "score", files, level)
        assert (full.returncode, full.stderr) == (
            1,
            "mtcompute: cannot write the answer to standard output: No space left on device\n",
        )


def test_score_whose_reader_leaves_the_pipe_exits_1_without_a_word(tmp_path: Path) -> None:
    lines = "".join(f"line {k} of words\n" for k in range(100_000)).encode()
    (tmp_path / "r.txt").write_bytes(lines)
    run = subprocess.Popen(
        [MTCOMPUTE, "score", str(tmp_path / "r.txt"), "-i", str(tmp_path / "r.txt"), "-sl"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert run.stdout is not None
    assert run.stdout.readline().startswith(b"BLEU|")
    run.stdout.close()  # what `| head -1` does
    _, stderr = run.communicate(timeout=120)
    assert (run.returncode, stderr) == (1, b"")


def test_an_interrupted_score_is_one_line_and_exit_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(arguments: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("mtcompute.cli.score.run", interrupted)
    monkeypatch.setattr(sys, "argv", ["mtcompute", "score", "ref.txt"])
    with pytest.raises(SystemExit) as exited:
        main()
    assert exited.value.code == 1
    assert capsys.readouterr().err == "mtcompute: interrupted\n"
