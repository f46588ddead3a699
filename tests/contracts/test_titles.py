"""Titles as people read them: each metric spelled as its authors spell it, in every tool's
title, and nothing else changed."""

import pytest

from mtcompute.contracts.registry import latest, tool_ids
from mtcompute.contracts.titles import display_title


@pytest.mark.parametrize(
    ("published", "shown"),
    [
        ("Bleu corpus compute", "BLEU corpus compute"),
        ("Bleu ngrams count", "BLEU n-grams count"),
        ("Chrf plus plus compute", "chrF++ compute"),
        ("Chrf pairwise compute", "chrF pairwise compute"),
        ("Ter from statistics", "TER from statistics"),
        ("Terms of Terra", "Terms of Terra"),
        ("Score texts as sacreBLEU does", "Score texts as sacreBLEU does"),
    ],
)
def test_a_metric_in_a_title_is_spelled_as_its_authors_spell_it(published: str, shown: str) -> None:
    assert display_title(published) == shown


def test_no_tool_is_shown_with_a_metric_in_title_case() -> None:
    shown = [display_title(latest(tool_id).contract.title).split() for tool_id in tool_ids()]
    assert not {"Bleu", "Chrf", "Ter", "Wer", "Cer", "Rouge"} & {
        w for words in shown for w in words
    }
