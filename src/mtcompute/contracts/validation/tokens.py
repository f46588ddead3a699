"""The token rule: lists of tokens, each a non-empty string of valid Unicode within a UTF-8 byte
limit, with limits on the tokens and their bytes over the whole input.

In bulk, every token is encoded once into one buffer (``TokenBytes``), whose byte sizes answer
every limit at once and which the statistics then use too. The walker visits only the lists
that may break a rule: a valid list costs a join.
"""

import functools
import itertools
import operator
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import repeat
from typing import Any

from mtcompute.contracts.validation.paths import Path, pointed_values_at, reader
from mtcompute.contracts.validation.rules import FAILED, _Failed
from mtcompute.contracts.validation.schema import strings_of
from mtcompute.contracts.validation.violations import Violations, describe_value, where
from mtcompute.fast import compiled
from mtcompute.fast.bleu.token_bytes import TokenBytes

# Up to this many tokens in all, they are checked on the strings, without a buffer.
FEW_TOKENS = 256
# In a Python string read from JSON, any surrogate is a lone one: a pair is one character.
_SURROGATE = re.compile("[\ud800-\udfff]")
_ENCODE = operator.methodcaller("encode", "utf-8")


@dataclass(frozen=True)
class TokenLists:
    """The token lists at ``checks_items_at``, in the order their bytes are laid out."""

    checks_items_at: Sequence[Path]
    max_token_bytes: int | None = None
    max_total_tokens: int | None = None
    max_total_token_bytes: int | None = None
    # What the totals count, as their messages say it.
    counted: str = "hypotheses and references"
    # Whether the statistics read the tokens' bytes (a buffer): false where they read strings.
    makes_buffer: bool = True

    @functools.cached_property
    def _readers(self) -> tuple[Callable[[Any], list[Any]], ...]:
        return tuple(map(reader, self.checks_items_at))

    def bulk(self, raw: dict[str, Any]) -> TokenBytes | _Failed | None:
        """The tokens' buffer; None (no buffer, but valid) for a few tokens, which are checked
        on the strings (numpy's fixed costs would exceed the whole check), and for any number
        when no buffer is wanted."""
        lists = [tokens for read in self._readers for tokens in read(raw)]
        if not self.makes_buffer or sum(map(len, lists)) < FEW_TOKENS:
            return None if self._within_on_strings(lists) else FAILED
        encoded = TokenBytes.encode(lists)
        return encoded if encoded is not None and self._within(encoded) else FAILED

    def _within_on_strings(self, lists: Sequence[Sequence[str]]) -> bool:
        """The bulk check on the strings, compiled where the package has it."""
        if compiled.token_check is None:
            return self._within_in_python(lists)
        counted = compiled.token_check(lists, self.max_token_bytes)
        return counted is not None and self._totals_within(*counted)

    def _totals_within(self, tokens: int, size: int) -> bool:
        return not _over(tokens, self.max_total_tokens) and not _over(
            size, self.max_total_token_bytes
        )

    def _within_in_python(self, lists: Sequence[Sequence[str]]) -> bool:
        """The bulk check on the strings: a join of each list, one of them all, and at most one
        encoding."""
        try:
            joined = "".join(map("".join, lists))
        except TypeError:
            return False
        if joined.isascii():  # no surrogate, and a token's bytes are its characters
            size = len(joined)
        else:
            try:
                size = len(joined.encode("utf-8"))
            except UnicodeEncodeError:
                return False
        if any(map(operator.contains, lists, repeat(""))):
            return False
        longest = self.max_token_bytes
        if longest is not None and size > longest:
            if size == len(joined):  # ASCII: a token's bytes are its characters
                if max(map(len, itertools.chain.from_iterable(lists))) > longest:
                    return False
            elif not all(map(_none_over, lists, repeat(longest))):
                return False
        return self._totals_within(sum(map(len, lists)), size)

    def _within(self, encoded: TokenBytes) -> bool:
        """Whether every token is non-empty and within the limits, read from their UTF-8 bytes:
        a token within the byte limit is within as many characters, the schema's bound."""
        if encoded.token_count == 0:
            return True
        if _over(encoded.token_count, self.max_total_tokens):
            return False
        if _over(encoded.total_bytes, self.max_total_token_bytes):
            return False
        sizes = encoded.lengths
        return int(sizes.min()) > 0 and not _over(int(sizes.max()), self.max_token_bytes)

    @property
    def walks_items(self) -> bool:
        return True

    def walk(self, raw: dict[str, Any], found: Violations) -> None:
        walker = _TokenWalker(self, found)
        for path in self.checks_items_at:
            for pointer, tokens in pointed_values_at(raw, path):
                if isinstance(tokens, list | tuple) and tokens:
                    walker.check_list(tokens, pointer)
        walker.check_totals()


def _over(value: int, limit: int | None) -> bool:
    return limit is not None and value > limit


def _none_over(tokens: Sequence[str], longest: int) -> bool:
    """True when no token of ``tokens`` has more than ``longest`` UTF-8 bytes."""
    if not tokens:
        return True
    return _no_token_over(tokens, "".join(tokens), longest) or all(
        len(token.encode("utf-8")) <= longest for token in tokens
    )


def _no_token_over(tokens: Sequence[str], joined: str, longest: int) -> bool:
    """True when no token can have more than ``longest`` UTF-8 bytes, by a bound: the most
    characters in a token times 4, or else times the bytes of the widest character (slower)."""
    most_characters = max(map(len, tokens))
    if most_characters * 4 <= longest:
        return True
    # The largest code point takes the most UTF-8 bytes of any character (the join encoded).
    return most_characters * len(max(joined).encode("utf-8")) <= longest


@dataclass
class _TokenWalker:
    """Valid Unicode and UTF-8 bytes per token, and the totals over every list it was shown."""

    rule: TokenLists
    found: Violations
    tokens: int = field(default=0)
    token_bytes: int = field(default=0)

    def check_list(self, tokens: Sequence[Any], pointer: str) -> None:
        self.tokens += len(tokens)
        try:
            joined = "".join(tokens)
            size = len(joined.encode("utf-8"))
        except (TypeError, UnicodeEncodeError):
            self._check_each(tokens, pointer)
            return
        self.token_bytes += size
        longest = self.rule.max_token_bytes
        # All ASCII (size == characters): a token's bytes are its characters, which the schema's
        # maxLength bounds. Otherwise only a list whose widest token might be over is walked.
        if longest is None or size <= longest or size == len(joined):
            return
        if not _no_token_over(tokens, joined, longest):
            self._check_each(tokens, pointer, count_bytes=False)

    def _check_each(self, tokens: Sequence[Any], pointer: str, *, count_bytes: bool = True) -> None:
        for index, token in enumerate(tokens):
            if self.found.full:
                self._count_each(tokens[index:], count_bytes=count_bytes)
                return
            if not isinstance(token, str):
                continue  # the schema check reported it
            try:
                size = len(token.encode("utf-8"))
            except UnicodeEncodeError:
                if self.found.full:
                    self.found.count_unreported()
                else:
                    self._invalid_unicode(token, f"{pointer}/{index}")
                continue
            self.token_bytes += size if count_bytes else 0
            self._check_token_bytes(token, size, f"{pointer}/{index}")

    def _count_each(self, tokens: Sequence[Any], *, count_bytes: bool) -> None:
        """What ``_check_each`` finds past the cap, counted in C loops over the list rather than
        a Python step per token: a list of a million lone surrogates costs about its parse."""
        strings = strings_of(tokens)
        broken = list(map(bool, map(_SURROGATE.search, strings)))
        self.found.count_unreported(sum(broken))
        valid = list(itertools.compress(strings, map(operator.not_, broken)))
        joined = "".join(valid)
        size = len(joined.encode("utf-8"))
        self.token_bytes += size if count_bytes else 0
        longest = self.rule.max_token_bytes
        if longest is None or size <= longest or size == len(joined):
            return
        if _no_token_over(valid, joined, longest):
            return
        # Over in bytes but not in characters: those over in characters the schema counted.
        over_in_bytes = sum(map(longest.__lt__, map(len, map(_ENCODE, valid))))
        self.found.count_unreported(over_in_bytes - sum(map(longest.__lt__, map(len, valid))))

    def _invalid_unicode(self, token: str, pointer: str) -> None:
        message = (
            f"expected a token of valid Unicode, got {describe_value(token)} "
            f"with a lone surrogate {where(pointer)}"
        )
        self.found.add("invalid_unicode", pointer, message)

    def _check_token_bytes(self, token: str, size: int, pointer: str) -> None:
        longest = self.rule.max_token_bytes
        # A token over the limit in characters too was already reported by the schema check.
        if longest is not None and size > longest >= len(token):
            message = (
                f"expected a token of at most {longest} UTF-8 bytes, "
                f"got {size} bytes {where(pointer)}"
            )
            self.found.add("token_too_long", pointer, message)

    def check_totals(self) -> None:
        most_tokens = self.rule.max_total_tokens
        if most_tokens is not None and self.tokens > most_tokens:
            message = (
                f"expected at most {most_tokens} tokens in all ({self.rule.counted}), "
                f"got {self.tokens} in the whole input"
            )
            self.found.add("too_many_tokens", "", message)
        most_bytes = self.rule.max_total_token_bytes
        if most_bytes is not None and self.token_bytes > most_bytes:
            message = (
                f"expected at most {most_bytes} UTF-8 bytes of tokens in all "
                f"({self.rule.counted}), got {self.token_bytes} in the whole input"
            )
            self.found.add("too_many_token_bytes", "", message)
