"""An agent runs a paired bootstrap of two systems on a 3,004-segment test set (WMT's size, its
lines' length) in one call through the SDK's own client against a live server, and gets the
numbers ``mtcompute score --paired-bs --resampling portable`` prints for the same files."""

import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from mtcompute import jsonio
from mtcompute.cli.group import cli
from tests.mcp.clients import MODES, call, text_of

SEGMENTS = 3004
_KEYS = ("metric", "score", "mean", "ci", "p_value")


def _test_set() -> tuple[list[str], list[str], list[str]]:
    """References of about 150 bytes, and two systems that change a word in six, or in four."""
    rng = random.Random(2017)
    vocabulary = [
        "".join(rng.choices("abcdefghijklmnopqrstuvwxyz", k=rng.randrange(2, 10)))
        for _ in range(3000)
    ]
    references = [" ".join(rng.choices(vocabulary, k=22)) for _ in range(SEGMENTS)]

    def system(every: int) -> list[str]:
        return [
            " ".join(w if rng.randrange(every) else rng.choice(vocabulary) for w in r.split())
            for r in references
        ]

    return references, system(6), system(4)


def _score(tmp_path: Path, references: list[str], *systems: list[str]) -> list[dict[str, object]]:
    paths = []
    for name, lines in [("ref", references)] + [(f"sys{k}", s) for k, s in enumerate(systems)]:
        (tmp_path / name).write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
        paths.append(str(tmp_path / name))
    args = [paths[0], "-i", *paths[1:], "-m", "bleu", "chrf", "--paired-bs"]
    args += ["--resampling", "portable", "--format", "jsonl"]
    printed = CliRunner().invoke(cli, ["score", *args])
    assert printed.exit_code == 0, printed.stderr
    return [jsonio.loads(line) for line in printed.stdout.splitlines()]  # type: ignore[misc]


@pytest.mark.parametrize("mode", MODES)
def test_a_paired_bootstrap_of_a_wmt_sized_test_set_is_one_call_with_scores_numbers(
    mcp_url: str, mode: str, tmp_path: Path
) -> None:
    references, baseline, candidate = _test_set()
    arguments = {
        "systems": [
            {"name": "baseline", "hypotheses": baseline},
            {"name": "candidate", "hypotheses": candidate},
        ],
        "references": [[reference] for reference in references],
        "metrics": ["bleu", "chrf"],
        "test": "bootstrap",
    }
    result = call(mcp_url, mode, "paired-significance", arguments)
    assert not result.is_error, result.content
    rows = text_of(result)["results"]
    printed = _score(tmp_path, references, baseline, candidate)
    assert [{key: row[key] for key in _KEYS} for row in rows] == [
        {key: line[key] for key in _KEYS} for line in printed
    ]
    assert rows[2]["p_value"] is not None
    assert result.structured_content == text_of(result)
