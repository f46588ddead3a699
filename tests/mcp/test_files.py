"""Files by path over stdio: a real `mtcompute mcp --files-root DIR` and the SDK's own client.
score-texts reads files under DIR as `mtcompute score` reads them, with the numbers it prints;
anything outside DIR, and anything but a regular file, is refused naming the path."""

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from mcp import StdioServerParameters
from mcp.types import CallToolResult

from mtcompute.cli.group import cli
from tests.mcp.clients import STATELESS, call, text_of
from tests.mcp.wmt_like import write_test_set

pytestmark = pytest.mark.live


def _server(root: Path) -> StdioServerParameters:
    # This interpreter's environment, so that the server runs the code under test.
    command = str(Path(sys.executable).with_name("mtcompute"))
    return StdioServerParameters(
        command=command, args=["mcp", "--files-root", str(root)], env=dict(os.environ)
    )


def _score_texts(root: Path, arguments: dict[str, Any]) -> CallToolResult:
    return call(_server(root), STATELESS, "score-texts", arguments)


@pytest.mark.slow
def test_two_paths_score_a_10000_segment_set_as_score_prints_it(tmp_path: Path) -> None:
    paths = write_test_set(tmp_path, 10_000, 4)
    hypotheses, *references = (path.name for path in paths)
    arguments = {
        "hypotheses_file": hypotheses,
        "references_files": references,
        "metrics": ["bleu", "chrf", "ter"],
    }
    result = _score_texts(tmp_path, arguments)
    assert not result.is_error, result.content
    command = ["score", *map(str, paths[1:]), "-i", str(paths[0]), "-m", "bleu", "chrf", "ter"]
    printed = CliRunner().invoke(cli, [*command, "--jobs", "1"], catch_exceptions=False).output
    assert result.structured_content is not None
    assert result.structured_content["scores"] == json.loads(printed)


def _refusal(root: Path, hypotheses_file: str, references: str = "ref.txt") -> str:
    arguments = {"hypotheses_file": hypotheses_file, "references_files": [references]}
    result = _score_texts(root, arguments)
    assert result.is_error
    (error, *_) = text_of(result)["errors"]
    return f"{error['pointer']} {error['message']}"


def test_paths_out_of_the_root_and_what_is_no_regular_file_are_refused_by_name(
    tmp_path: Path,
) -> None:
    root, outside = tmp_path / "root", tmp_path / "secret.txt"
    root.mkdir()
    outside.write_text("secret\n", encoding="utf-8")
    (root / "ref.txt").write_text("a b c\n", encoding="utf-8")
    (root / "out").symlink_to(outside)
    (root / "folder").mkdir()
    os.mkfifo(root / "fifo")
    cases = {
        "../secret.txt": "without '..'",
        str(outside): "relative to the files root",
        "out": "leads out of the files root",
        "folder": "not a regular file",
        "fifo": "not a regular file",
        "missing.txt": "no such file",
    }
    for given, why in cases.items():
        message = _refusal(root, given)
        assert message.startswith("/hypotheses_file ")
        assert given in message, message
        assert why in message, message
    assert "/dev/null" in _refusal(root, "ref.txt", "/dev/null")


def test_a_file_is_read_as_score_reads_it_line_counts_and_utf_8_named(tmp_path: Path) -> None:
    (tmp_path / "hyp.txt").write_text("a\nb\n", encoding="utf-8")
    (tmp_path / "ref.txt").write_text("a\n", encoding="utf-8")
    (tmp_path / "bad.txt").write_bytes(b"a\n\xff\n")
    assert "ref.txt has 1 lines but hyp.txt has 2" in _refusal(tmp_path, "hyp.txt")
    assert "bad.txt: line 2 is not UTF-8" in _refusal(tmp_path, "bad.txt", "hyp.txt")


def test_without_a_root_the_file_fields_are_refused_with_what_to_do(tmp_path: Path) -> None:
    server = StdioServerParameters(
        command=str(Path(sys.executable).with_name("mtcompute")), args=["mcp"], env=dict(os.environ)
    )
    arguments = {"hypotheses_file": "hyp.txt", "references_files": ["ref.txt"]}
    result = call(
        server, STATELESS, "execute", {"id": "score-texts", "version": "1.0.0", "input": arguments}
    )
    assert result.is_error
    assert "--files-root" in json.dumps(text_of(result))
