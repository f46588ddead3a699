"""13a cleans markup, then pads the line and applies the punctuation rules."""

import pytest

from mtcompute.metrics.tokenizers import tokenize
from mtcompute.metrics.tokenizers.thirteen_a import clean_markup, tokenize_line


@pytest.mark.parametrize(
    ("line", "cleaned"),
    [
        ("a<skipped>b", "ab"),
        ("<skip<skipped>ped>", "<skipped>"),  # one pass: a new match stays
        ("hyphen-\nated", "hyphenated"),
        ("two\nlines", "two lines"),
        ("-<skipped>\n", ""),  # each step sees the one before
        ("&quot;&amp;&lt;&gt;", '"&<>'),
        ("&amp;lt;", "<"),  # &amp; becomes & before &lt; is replaced
        ("&amp;quot;", "&quot;"),  # &quot; was replaced before &amp;
        ("&AMP;", "&AMP;"),
    ],
)
def test_markup_is_cleaned_step_by_step(line: str, cleaned: str) -> None:
    assert clean_markup(line) == cleaned


def test_the_padding_spaces_out_a_line_s_first_and_last_marks() -> None:
    assert tokenize_line(".5 in 1999.") == ". 5 in 1999 ."


def test_a_line_break_at_the_end_is_stripped_before_a_hyphen_could_join_it() -> None:
    assert tokenize("end-\n") == ["end-"]
    assert tokenize("foo-\nbar") == ["foobar"]
