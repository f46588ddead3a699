"""char makes every code point that is not whitespace a token."""

from mtcompute.metrics.tokenizers import tokenize
from mtcompute.metrics.tokenizers.char import tokenize_line


def test_every_code_point_is_a_token_and_whitespace_is_dropped() -> None:
    assert tokenize_line("ab c") == "a b   c"
    assert tokenize("e\u0301 \U0001f600\u3000x", "char") == ["e", "\u0301", "\U0001f600", "x"]
