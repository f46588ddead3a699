"""A ``-from-statistics`` tool's 1.1.0: its 1.0.0 with two rules added, statistics a corpus
could give (``possible``) and sums of the parts a JavaScript client reads exactly
(``part_sums``), and nothing else changed: the schema, 1.0.0's rules, the request, the run and
the result are 1.0.0's, so an input both versions take is answered bit for bit alike.
"""

from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

from mtcompute.contracts import remedies
from mtcompute.contracts.contract import Contract, Example, JsonObject, Tool
from mtcompute.contracts.inputs.part_sums import PartSums
from mtcompute.contracts.inputs.possible import PossibleParts
from mtcompute.contracts.limits import Limits
from mtcompute.contracts.validation.parser import RequestParser

Request = TypeVar("Request")

_SUPPORTED = (
    "statistics checked as a corpus gives them: a count no corpus could give is refused where "
    "it is",
    "sums of the parts a JavaScript client reads exactly, up to 2^53 - 1",
)


def checked_parser(
    released: Callable[[Limits], RequestParser[Request]],
    possible: PossibleParts,
    sums: PartSums,
) -> Callable[[Limits], RequestParser[Request]]:
    """1.0.0's request parser (``released``) under some limits, with the two rules it lacks."""

    def parser(limits: Limits) -> RequestParser[Request]:
        base = released(limits)
        return RequestParser(base.schema, [*base.rules, possible, sums], base.build)

    return parser


def same_numbers(example: Example) -> Example:
    """1.0.0's example, answered alike."""
    return replace(example, title=example.title + " The same numbers as 1.0.0's.")


def checked_tool(
    released: Contract,
    parser: RequestParser[Request],
    run: Callable[[Request], JsonObject],
    behavior: tuple[str, ...],
    examples: tuple[Example, ...],
) -> Tool[Request]:
    """1.1.0's tool: 1.0.0's contract with the new rules in ``behavior`` and ``examples``."""
    contract = replace(
        released,
        version="1.1.0",
        supported=(*released.supported, *_SUPPORTED),
        behavior=behavior,
        input_schema=parser.schema,
        examples=examples,
    )
    return Tool(contract, parser, run, remedy=remedies.FROM_STATISTICS)
