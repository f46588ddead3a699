"""What every typed function shares: the types of its token and text lists, and the parse of
its keyword arguments by the contract's parser, with fix-it hints for the commonest mistakes."""

from collections.abc import Callable
from typing import Protocol, TypeAlias, TypeVar

from mtcompute.contracts.mistakes import Hint, with_hints
from mtcompute.errors import InputError

# A token list: a list or tuple of strings. Not Sequence[str], which a str also is, so that a
# type checker catches a text passed where its tokens are due ("a b".split() is the fix).
TokenList: TypeAlias = list[str] | tuple[str, ...]
# Texts the same way: a str is not a list of texts.
TextList: TypeAlias = list[str] | tuple[str, ...]

R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)


class Parser(Protocol[R_co]):
    def parse(self, raw: object) -> R_co: ...


def parsed(parser: Parser[R], raw: dict[str, object], hints: Callable[[], list[Hint]]) -> R:
    """The request, or the parser's errors led by a fix for a common mistake it recognises."""
    try:
        return parser.parse(raw)
    except InputError as error:
        raise with_hints(error, hints()) from None


def given(**options: object) -> dict[str, object]:
    """The options a caller set: ``None`` stands for an option left out of the request."""
    return {name: value for name, value in options.items() if value is not None}
