"""sacreBLEU's printed forms: its score line and JSON (``Score.format``), its alignment of one
system's lines, and its LaTeX table, the same bytes as tabulate's ``latex_booktabs``."""

import json
from argparse import Namespace

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sacrebleu.metrics.base import Score
from sacrebleu.utils import print_single_results
from tabulate import tabulate  # type: ignore[import-untyped]

from mtcompute.scoring.report import (
    Confidence,
    latex_booktabs,
    score_json,
    score_text,
    single_results,
)

# Cells as sacreBLEU's tables hold them: no whitespace at either end (tabulate strips it).
_CELL = st.text(alphabet=st.sampled_from("ab_%&{}~^\\<>$# μ±.0123"), min_size=0, max_size=20).map(
    lambda text: f"x{text}y"
)


@given(
    headers=st.lists(_CELL, min_size=1, max_size=3, unique=True),
    rows=st.integers(1, 4),
    data=st.data(),
)
def test_the_latex_table_is_tabulates_latex_booktabs(
    headers: list[str], rows: int, data: st.DataObject
) -> None:
    columns = ["System", *headers]
    table = [
        data.draw(st.lists(_CELL, min_size=len(columns), max_size=len(columns)))
        for _ in range(rows)
    ]
    theirs = tabulate(
        {name: [row[k] for row in table] for k, name in enumerate(columns)},
        headers="keys",
        tablefmt="latex_booktabs",
        colalign=("right",),
        stralign="center",
        numalign="center",
        disable_numparse=True,
    )
    assert latex_booktabs(columns, table) == theirs


def _their_score(score: float, mean: float | None = None, ci: float = 0.0) -> Score:
    their = Score("chrF2", score)
    if mean is not None:
        their._mean, their._ci = mean, ci
    return their


@given(
    score=st.floats(0, 100),
    width=st.integers(0, 6),
    mean=st.one_of(st.none(), st.floats(-1, 100)),
    ci=st.floats(0, 50),
)
def test_the_line_and_the_json_are_sacrebleus(
    score: float, width: int, mean: float | None, ci: float
) -> None:
    signature = "nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:2.6.0"
    their = _their_score(score, mean, ci)
    confidence = None if mean is None else Confidence(mean, ci)
    line = score_text("chrF2", score, "", width=width, signature=signature, confidence=confidence)
    assert line == their.format(width, False, signature)
    alone = score_text(
        "chrF2", score, "", width=width, signature=signature, score_only=True, confidence=confidence
    )
    assert alone == their.format(width, True, signature)
    body = score_json("chrF2", score, "", width=width, signature=signature, confidence=confidence)
    assert body == their.format(width, False, signature, is_json=True)
    assert json.loads(body)["version"] == "2.6.0"


def test_several_lines_are_aligned_as_sacrebleu_aligns_them_and_json_is_its_list(
    capsys: pytest.CaptureFixture[str],
) -> None:
    lines = ["BLEU|a:1 = 1.0 x", "chrF2|a:1|b:2 = 2.0", "TER|c = 3.0"]
    for as_json, results in ((False, lines), (True, ["{}", "{}"]), (True, ["{}"])):
        print_single_results(list(results), Namespace(format="json" if as_json else "text"))
        assert single_results(results, as_json=as_json) + "\n" == capsys.readouterr().out
