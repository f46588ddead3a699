"""The compiled token check (``_tokens.c``) counts the tokens and their UTF-8 bytes of valid
lists, and answers None wherever a token breaks the rule."""

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtcompute.fast import compiled

E_ACUTE, EURO, EMOJI = "\u00e9", "\u20ac", "\U0001f600"
_TOKENS = st.sampled_from(["a", "abcd", E_ACUTE, E_ACUTE * 2, EURO, "a" + EURO, EMOJI, "x" * 9])
_ODD = st.sampled_from(["", "\ud800", "a\udfff", EMOJI + "\udc00"]) | st.integers(0, 1)
_LISTS = st.lists(st.lists(_TOKENS | _ODD, max_size=5), max_size=4)


def _expected(lists: Sequence[Sequence[object]], longest: int | None) -> tuple[int, int] | None:
    sizes = []
    for tokens in lists:
        for token in tokens:
            if not isinstance(token, str) or token == "":
                return None
            try:
                sizes.append(len(token.encode("utf-8")))
            except UnicodeEncodeError:
                return None
    if longest is not None and any(size > longest for size in sizes):
        return None
    return len(sizes), sum(sizes)


if compiled.token_check is not None:
    from mtcompute.fast._tokens import check

    @pytest.mark.slow
    @settings(max_examples=3_000)
    @given(_LISTS, st.none() | st.integers(min_value=0, max_value=10))
    def test_the_compiled_check_is_the_rule_read_on_the_strings(
        lists: list[list[object]], longest: int | None
    ) -> None:
        assert check(lists, longest) == _expected(lists, longest)  # type: ignore[arg-type]

    @pytest.mark.parametrize(
        ("token", "longest", "counted"),
        [
            (EMOJI, 4, (1, 4)),  # exactly at the limit
            (EMOJI, 3, None),  # one byte over
            (E_ACUTE * 2, 4, (1, 4)),
            ("a" + EURO, 3, None),
        ],
    )
    def test_the_byte_limit_holds_exactly_at_the_limit_and_not_one_over(
        token: str, longest: int, counted: tuple[int, int] | None
    ) -> None:
        assert check([[token]], longest) == counted

    def test_tuples_and_str_subclasses_are_read_as_lists_and_strings() -> None:
        class Word(str):
            __slots__ = ()

        assert check((("ab", Word("c")), []), None) == (2, 3)

    def test_a_list_of_lists_that_is_neither_list_nor_tuple_is_a_type_error() -> None:
        with pytest.raises(TypeError, match="list or tuple"):
            check(iter([["a"]]), None)  # type: ignore[arg-type]
        assert check([iter(["a"])], None) is None  # type: ignore[list-item]
