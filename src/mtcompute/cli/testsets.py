"""sacreBLEU's test sets, read from the cache sacreBLEU keeps (``$SACREBLEU``, else
``~/.sacrebleu``) once it has downloaded and processed them: the same plain-text files its
``-t SET -l PAIR`` reads, ``SET/SET.PAIR.FIELD`` (a ``/`` in the set's name written ``_``, a
``:`` in a field's ``-``). Nothing is ever downloaded: a set or pair not in the cache is an
``InputError`` naming the sacreBLEU command that fetches it.

The cache holds the files, not sacreBLEU's catalogue, so a field's place in ``--list -t SET``
and ``--echo all`` is sacreBLEU's order for the WMT SGML sets (``src``, the references,
``docid``, ``genre``, ``origlang``), any other field after them by name.
"""

import os
from collections.abc import Callable, Sequence
from pathlib import Path

from mtcompute.scoring.textfiles import file_error

_KNOWN_AFTER_REFERENCES = ("docid", "genre", "origlang", "domain")


def cache_directory() -> Path:
    """Where sacreBLEU keeps its test sets."""
    return Path(os.environ.get("SACREBLEU") or Path.home() / ".sacrebleu")


def _fetch(test_set: str, pair: str) -> str:
    return f"sacrebleu -t {test_set} -l {pair} --echo src > /dev/null"


def _prefix(test_set: str, pair: str) -> tuple[Path, str]:
    name = test_set.replace("/", "_")
    return cache_directory() / test_set, f"{name}.{pair}."


def _order(field: str) -> tuple[int, str]:
    if field == "src":
        return 0, ""
    if field.startswith("ref"):
        return 1, field
    if field in _KNOWN_AFTER_REFERENCES:
        return 2, f"{_KNOWN_AFTER_REFERENCES.index(field)}"
    return 3, field


def fields(test_set: str, pair: str) -> dict[str, Path]:
    """The cached fields of ``test_set``'s ``pair`` (sacreBLEU's names, ``ref:A`` for the file
    ``ref-A``) and their files, in sacreBLEU's order; an error naming the command that fetches
    them if there are none."""
    folder, prefix = _prefix(test_set, pair)
    found: dict[str, Path] = {}
    if folder.is_dir():
        for path in folder.iterdir():
            field = path.name[len(prefix) :]
            if path.name.startswith(prefix) and path.is_file() and "." not in field:
                found[field.replace("-", ":", 1) if field.startswith("ref-") else field] = path
    if "src" not in found or not any(field.startswith("ref") for field in found):
        raise file_error(
            "test_set_not_cached",
            f"test set {test_set} ({pair}) is not in sacreBLEU's cache ({cache_directory()}): "
            f"fetch it once with `{_fetch(test_set, pair)}` (mtcompute never downloads)",
        )
    return {field: found[field] for field in sorted(found, key=_order)}


# The translators whose references sacreBLEU 2.6 scores a WMT 2021-or-later (XML) test set
# against, as its catalogue names them ("" is the reference of no named translator): the set's
# own, and the pairs that take others. Its cache holds every translator's reference, so which
# ones count is not there; every other set scores all its cached references.
_SCORED_TRANSLATORS: dict[str, tuple[tuple[str, ...], dict[str, tuple[str, ...]]]] = {
    "wmt24": (("refA",), {}),
    "wmt23": (("refA",), {"en-he": ("refB",), "he-en": ("refB",)}),
    "wmt22": (("A",), {"cs-en": ("B",), "en-cs": ("B",), "liv-en": ("",), "ru-sah": ("",)}),
    "wmt21/systems": (("A",), {}),
    "wmt21": (("A",), {}),
    "wmt21/B": (("B",), {}),
    "wmt21/AB": (("A", "B"), {}),
    "wmt21/C": (("C",), {}),
    "wmt21/AC": (("A", "C"), {}),
    "wmt21/D": (("D",), {}),
    "wmt21/dev": (("A", ""), {}),
}


def _is_scored(test_set: str, pair: str, field: str) -> bool:
    """Whether sacreBLEU scores against the cached field ``field`` of ``test_set``'s ``pair``."""
    if test_set not in _SCORED_TRANSLATORS:
        return field.startswith("ref")
    default, by_pair = _SCORED_TRANSLATORS[test_set]
    translators = by_pair.get(pair, default)
    return field in {f"ref:{name}" if name else "ref" for name in translators}


def reference_files(test_sets: str, pair: str) -> list[list[str]]:
    """Each comma-separated test set's reference files, as sacreBLEU concatenates them: those
    of the translators it scores against."""
    return [
        [
            str(path)
            for field, path in fields(test_set, pair).items()
            if _is_scored(test_set, pair, field)
        ]
        for test_set in test_sets.split(",")
    ]


def listed(test_set: str, pair: str | None) -> str:
    """``--list -t SET [-l PAIR]``: each cached pair and its fields, as sacreBLEU lists them."""
    pairs = [pair] if pair else _cached_pairs(test_set)
    if not pairs:
        raise file_error(
            "test_set_not_cached",
            f"test set {test_set} is not in sacreBLEU's cache ({cache_directory()}): fetch it "
            f"once with `{_fetch(test_set, 'SRC-TGT')}` (mtcompute never downloads)",
        )
    return "\n".join(f"{one}: {', '.join(fields(test_set, one))}" for one in pairs)


def _cached_pairs(test_set: str) -> list[str]:
    folder = cache_directory() / test_set
    name = test_set.replace("/", "_") + "."
    if not folder.is_dir():
        return []
    pairs = {
        path.name[len(name) :].split(".")[0]
        for path in folder.iterdir()
        if path.name.startswith(name) and path.name.endswith(".src")
    }
    return sorted(pairs)


# Whether each segment of a test set's pair is kept (``-ol``, ``--subset``).
Keep = Callable[[str, str], list[bool]]


def echoed(test_sets: str, pair: str, asked: Sequence[str], keep: Keep | None = None) -> str:
    """``--echo FIELD...``: the fields' lines, tab-separated, as sacreBLEU prints them (the
    segments ``keep`` keeps, if given)."""
    out: list[str] = []
    for test_set in test_sets.split(","):
        cached = fields(test_set, pair)
        wanted = list(cached) if list(asked) == ["all"] else list(asked)
        if "all" in wanted:
            raise file_error("echo_all_with_fields", "--echo all takes no other field")
        if "ref" in wanted and "ref" not in cached:  # sacreBLEU's: the first of several
            first = min(field for field in cached if field.startswith("ref"))
            wanted = [first if field == "ref" else field for field in wanted]
        unknown = [field for field in wanted if field not in cached]
        if unknown:
            raise file_error(
                "unknown_field",
                f"no field {unknown[0]} in test set {test_set} for {pair}: expected one of "
                f"{', '.join(cached)}",
            )
        columns = [lines(cached[field]) for field in wanted]
        rows = ["\t".join(row) for row in zip(*columns, strict=False)]
        if keep is not None:
            rows = [row for row, kept in zip(rows, keep(test_set, pair), strict=False) if kept]
        out += rows
    return "\n".join(out)


def lines(path: Path) -> list[str]:
    """A cached field's lines, as sacreBLEU reads them."""
    lines = path.read_text(encoding="utf-8").split("\n")
    if lines[-1] == "":
        lines.pop()
    return [line.rstrip() for line in lines]
