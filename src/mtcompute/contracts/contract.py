"""A tool's contract as data, served as it is by every adapter, and the tool that fulfils it."""

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

JsonObject = dict[str, Any]


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


@dataclass(frozen=True)
class Tool:
    """A contract and the function that runs it: validated input in, result object out."""

    contract: Contract
    execute: Callable[[object], JsonObject]
