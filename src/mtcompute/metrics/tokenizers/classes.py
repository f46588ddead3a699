"""Character classes of ``re`` patterns from code point ranges, so that a class means the same
set on every Python version."""

from collections.abc import Iterable


def character_class(ranges: Iterable[tuple[int, int]], *, negated: bool = False) -> str:
    """A bracketed class of ``re`` that matches the code points of ``ranges`` (inclusive pairs),
    or with ``negated`` every other code point."""
    members = "".join(f"\\U{first:08x}-\\U{last:08x}" for first, last in ranges)
    return f"[^{members}]" if negated else f"[{members}]"


def class_of(characters: Iterable[str]) -> str:
    """A bracketed class of ``re`` that matches exactly ``characters``."""
    return character_class((ord(c), ord(c)) for c in sorted(set(characters)))
