"""A request parser, declared: the schema a contract publishes, the rules a schema cannot say,
and a function that builds the typed request.

A valid input, the common case, is answered in bulk: the schema's fast predicate checks its
shape (leaving out the items a rule checks itself, such as tokens read from their bytes), then
each rule's bulk check. Any other input is walked, by the schema's checker and every rule's
walker, to report each violation with its pointer; when the walk finds none (a bulk check may
refuse what it cannot read fast), the request is built all the same, without what bulk made.
"""

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, NamedTuple, TypeVar, cast

from mtcompute.contracts.validation.paths import EVERY, with_items_at, without_items_at
from mtcompute.contracts.validation.rules import Rule, _Failed
from mtcompute.contracts.validation.schema import compile_schema
from mtcompute.contracts.validation.schema.strings import unicode_left_to_rule
from mtcompute.contracts.validation.texts import Texts
from mtcompute.contracts.validation.violations import Violations

R = TypeVar("R")
T = TypeVar("T")


class Checked(NamedTuple):
    """A valid input, and what each rule's bulk check made of it (absent after a walk). A named
    tuple: made once per request, it costs one tuple."""

    raw: dict[str, Any]
    made: Mapping[int, object]

    def made_by(self, rule: Rule[T]) -> T | None:
        """What ``rule``'s bulk check made, or None if the input was walked instead."""
        return cast("T | None", self.made.get(id(rule)))  # a string: no union built per call

    def get(self, name: str, default: T) -> T:
        """The input's ``name``, or ``default`` when it was left out."""
        return cast(T, self.raw.get(name, default))


class RequestParser(Generic[R]):
    """Validates raw input against ``schema`` and ``rules``, and builds a request from it."""

    def __init__(
        self,
        schema: Mapping[str, Any],
        rules: Sequence[Rule[object]],
        build: Callable[[Checked], R],
    ) -> None:
        self.schema = schema
        self.rules = tuple(rules)
        self.build = build
        self._check = compile_schema(_walked(schema, self.rules))
        self._shape = compile_schema(_shape_of(schema, self.rules))

    def parse(self, raw: object) -> R:
        """The typed request, or ``InputError`` listing every violation."""
        checked = self.parse_in_bulk(raw)
        if checked is None:
            self.violations(raw).raise_if_any()
            checked = Checked(cast(dict[str, Any], raw), {})  # the walk raised on all else
        return self.build(checked)

    def parse_in_bulk(self, raw: object) -> Checked | None:
        """The checked input when ``raw`` breaks neither the schema nor a rule, found fast.
        None means "walk it to find out": usually a violation, not always."""
        if not self._shape.valid(raw):
            return None
        raw = cast(dict[str, Any], raw)
        made: dict[int, object] = {}
        for rule in self.rules:
            answer = rule.bulk(raw)
            if isinstance(answer, _Failed):
                return None
            made[id(rule)] = answer
        return Checked(raw, made)

    def violations(self, raw: object) -> Violations:
        """Every violation of the schema and the rules, each with where it is."""
        found = Violations()
        self._check.check(raw, "", found)
        if isinstance(raw, dict):
            for rule in self.rules:
                if not (found.cut_short and rule.walks_items):
                    rule.walk(raw, found)
        return found


def _walked(schema: Mapping[str, Any], rules: Sequence[Rule[object]]) -> Mapping[str, Any]:
    """The schema whose strings at the items the rules check leave their Unicode to the rules."""
    for rule in rules:
        paths = [*rule.checks_items_at]
        if isinstance(rule, Texts):  # its paths end at the texts: the items of the arrays before
            paths += [path[:-1] for path in rule.paths if path and path[-1] == EVERY]
        for path in paths:
            schema = with_items_at(schema, path, unicode_left_to_rule)
    return schema


def _shape_of(schema: Mapping[str, Any], rules: Sequence[Rule[object]]) -> Mapping[str, Any]:
    """The schema without the items that the rules check in bulk."""
    for rule in rules:
        for path in rule.checks_items_at:
            schema = without_items_at(schema, path)
    return schema
