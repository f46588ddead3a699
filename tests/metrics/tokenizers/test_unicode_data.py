"""The generated tables are the classes of the regex release that they name, sorted runs."""

import itertools

import pytest
import regex  # type: ignore[import-untyped]

from mtcompute.metrics.tokenizers import UNICODE_TABLES
from mtcompute.metrics.tokenizers.unicode_data import (
    CASE_IGNORABLE,
    CASED,
    NUMBER,
    PUNCTUATION,
    SYMBOL,
    Ranges,
)

TABLES = {"P": PUNCTUATION, "S": SYMBOL, "N": NUMBER}


def members(ranges: Ranges) -> set[int]:
    return {cp for first, last in ranges for cp in range(first, last + 1)}


def test_the_tables_name_their_regex_release_and_unicode_version() -> None:
    assert UNICODE_TABLES.startswith(f"regex {regex.__version__}, Unicode ")
    assert "lowercase: Python 3.11, Unicode 14.0.0" in UNICODE_TABLES


@pytest.mark.parametrize("ranges", [*TABLES.values(), CASED, CASE_IGNORABLE])
def test_each_table_is_sorted_runs_that_neither_overlap_nor_touch(ranges: Ranges) -> None:
    assert all(first <= last for first, last in ranges)
    assert all(a[1] + 1 < b[0] for a, b in itertools.pairwise(ranges))


@pytest.mark.parametrize("category", TABLES)
def test_each_intl_class_is_the_one_regex_matches(category: str) -> None:
    everything = "".join(map(chr, range(0x110000)))
    matched = regex.findall(rf"\p{{{category}}}", everything)
    assert members(TABLES[category]) == set(map(ord, matched))


def test_punctuation_symbols_and_numbers_are_disjoint() -> None:
    punctuation, symbol, number = map(members, TABLES.values())
    assert not punctuation & symbol
    assert not punctuation & number
    assert not symbol & number
