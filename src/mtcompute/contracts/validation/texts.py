"""The text rule: strings of valid Unicode, each within a UTF-8 byte limit and all of them
within another.

In bulk, the texts are joined and encoded once: the encoding refuses lone surrogates, its size
answers the total, and a text needs measuring only when the join could hide one over the limit.
The walker points at each text that breaks a rule.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from mtcompute.contracts.validation.paths import Path, pointed_values_at, values_at
from mtcompute.contracts.validation.rules import FAILED, _Failed
from mtcompute.contracts.validation.violations import Violations, describe_value, where

# The most UTF-8 bytes one code point takes.
_MAX_CHARACTER_BYTES = 4


@dataclass(frozen=True)
class Texts:
    """The strings in the arrays at ``paths`` (the schema checks that they are strings)."""

    paths: Sequence[Path]
    max_string_bytes: int | None = None
    max_total_string_bytes: int | None = None
    checks_items_at: Sequence[Path] = ()

    def bulk(self, raw: dict[str, Any]) -> _Failed | None:
        texts: list[str] = [text for path in self.paths for text in values_at(raw, path)]
        try:
            size = len("".join(texts).encode("utf-8"))
        except UnicodeEncodeError:
            return FAILED
        if _over(size, self.max_total_string_bytes):
            return FAILED
        return None if self._each_within(texts, size) else FAILED

    def _each_within(self, texts: Sequence[str], total: int) -> bool:
        longest = self.max_string_bytes
        if longest is None or total <= longest or not texts:
            return True
        if max(map(len, texts)) * _MAX_CHARACTER_BYTES <= longest:
            return True
        return all(len(text.encode("utf-8")) <= longest for text in texts)

    @property
    def walks_items(self) -> bool:
        return True

    def walk(self, raw: dict[str, Any], found: Violations) -> None:
        walker = _TextWalker(self, found)
        for path in self.paths:
            for pointer, text in pointed_values_at(raw, path):
                if isinstance(text, str):
                    walker.check(text, pointer)
        walker.check_total()


def _over(value: int, limit: int | None) -> bool:
    return limit is not None and value > limit


@dataclass
class _TextWalker:
    rule: Texts
    found: Violations
    total_bytes: int = field(default=0)

    def check(self, text: str, pointer: str) -> None:
        try:
            size = len(text.encode("utf-8"))
        except UnicodeEncodeError:
            self._invalid_unicode(text, pointer)
            return
        self.total_bytes += size
        longest = self.rule.max_string_bytes
        if longest is not None and size > longest:
            message = (
                f"expected a string of at most {longest} UTF-8 bytes, "
                f"got {size} bytes {where(pointer)}"
            )
            self.found.add("string_too_long", pointer, message)

    def _invalid_unicode(self, text: str, pointer: str) -> None:
        if self.found.full:
            self.found.count_unreported()
            return
        message = (
            f"expected a string of valid Unicode, got {describe_value(text)} "
            f"with a lone surrogate {where(pointer)}"
        )
        self.found.add("invalid_unicode", pointer, message)

    def check_total(self) -> None:
        most = self.rule.max_total_string_bytes
        if most is not None and self.total_bytes > most:
            message = (
                f"expected at most {most} UTF-8 bytes of text in all "
                f"(hypotheses and references), got {self.total_bytes} in the whole input"
            )
            self.found.add("too_many_string_bytes", "", message)
