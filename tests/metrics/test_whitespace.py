import sys

from mtcompute.metrics.whitespace import WHITESPACE_CODE_POINTS


def test_the_table_is_what_str_isspace_takes_on_this_python() -> None:
    assert [cp for cp in range(sys.maxunicode + 1) if chr(cp).isspace()] == list(
        WHITESPACE_CODE_POINTS
    )
