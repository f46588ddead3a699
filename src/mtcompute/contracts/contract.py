"""A tool's contract as data, served as it is by every adapter, and the tool that fulfils it."""

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from mtcompute.contracts.allowance import spend
from mtcompute.contracts.mistakes import Hint, with_hints
from mtcompute.errors import InputError

JsonObject = dict[str, Any]
R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)


@dataclass(frozen=True)
class Example:
    title: str
    input: JsonObject
    result: JsonObject


@dataclass(frozen=True)
class Contract:
    """What one released version of a tool promises; a released version never changes."""

    id: str
    version: str
    title: str
    summary: str
    use_when: tuple[str, ...]
    supported: tuple[str, ...]
    not_supported: tuple[str, ...]
    behavior: tuple[str, ...]
    input_schema: Mapping[str, Any]
    output_schema: Mapping[str, Any]
    limits: Mapping[str, int]
    examples: tuple[Example, ...] = field(default=())

    def to_json(self) -> JsonObject:
        """The contract as a fresh JSON-ready object: changing it changes nothing published."""
        return copy.deepcopy(self._json())

    def _json(self) -> JsonObject:
        return {
            "id": self.id,
            "version": self.version,
            "title": self.title,
            "summary": self.summary,
            "use_when": list(self.use_when),
            "supported": list(self.supported),
            "not_supported": list(self.not_supported),
            "behavior": list(self.behavior),
            "input_schema": self.input_schema,
            "output_schema": self.output_schema,
            "limits": dict(self.limits),
            "examples": [
                {"title": e.title, "input": e.input, "output": {"result": e.result}}
                for e in self.examples
            ],
        }


class _Parser(Protocol[R_co]):
    @property
    def schema(self) -> Mapping[str, Any]: ...

    def parse(self, raw: object) -> R_co: ...


@dataclass(frozen=True)
class Tool(Generic[R]):
    """A contract, the parser of its requests and the function that runs one: raw input in,
    result object out. The contract publishes the very schema the parser compiled. ``hints``
    recognise the commonest mistakes in an input that failed, so that every interface that runs
    the tool tells how to fix them (``mistakes``)."""

    contract: Contract
    parser: _Parser[R]
    run: Callable[[R], JsonObject]
    hints: Callable[[Mapping[str, Any]], list[Hint]] | None = None
    # An upper bound of the answer's JSON bytes beyond its input's, from the raw input before
    # it is validated (0 when the answer is no larger than the input), for a server to charge a
    # request for the answer it will hold; not part of the contract.
    answer_bytes: Callable[[object], int] = field(default=lambda raw: 0)
    # That bound in words, for the tool's page (empty when the answer is no larger than the input).
    answer_note: str = ""
    # The body a server takes for this tool when its own limit is left at the default, for a
    # tool whose largest valid input needs more (None: the server's); not part of the contract.
    max_body_bytes: int | None = None

    def __post_init__(self) -> None:
        if self.contract.input_schema is not self.parser.schema:
            raise ValueError(f"{self.contract.id}: the contract must publish its parser's schema")

    def execute(self, raw: object) -> JsonObject:
        """Validate ``raw`` against the contract and compute its result object (within the
        batch's ``allowance``, if one is in force); an ``InputError`` carries the fix of a
        mistake the tool's hints recognise."""
        try:
            request = self.parser.parse(raw)
        except InputError as error:
            if self.hints is None or not isinstance(raw, Mapping):
                raise
            raise with_hints(error, self.hints(raw)) from None
        spend(self.contract.id, self.answer_bytes(raw))
        return self.run(request)
