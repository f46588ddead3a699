"""Write the Unicode tables of the BLEU tokenizers: a Python data module and a C header.

Run it with Python 3.11 (Unicode 14.0.0) and the ``regex`` package that sacreBLEU uses:

    python scripts/unicode_tables.py

It writes ``src/mtcompute/metrics/tokenizers/unicode_data.py`` (compact ranges) and
``src/mtcompute/fast/_c/_tokenize_tables.h`` (the same classes as a two-level lookup table), so that
tokens never depend on the Python version that runs them and nothing is downloaded at run time:

- the ``intl`` classes \\p{P}, \\p{S} and \\p{N}, as the installed ``regex`` classifies them;
- ``str.lower()`` of Python 3.11: each code point's lowercase, and the Cased and Case_Ignorable
  classes that decide a capital sigma's final form. Python does not publish the two classes, so
  they are read from what ``str.lower()`` does to a sigma beside each code point.
"""

import importlib.metadata
import re
import sys
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import regex  # type: ignore[import-untyped]

ROOT = Path(__file__).resolve().parents[1]
DATA_MODULE = ROOT / "src" / "mtcompute" / "metrics" / "tokenizers" / "unicode_data.py"
C_HEADER = ROOT / "src" / "mtcompute" / "fast" / "_c" / "_tokenize_tables.h"
CODE_POINTS = 0x110000
CAPITAL_SIGMA = "\u03a3"
FINAL_SIGMA = "\u03c2"
BLOCK = 256  # code points per block of the C lookup table
LINE_LENGTH = 100

Ranges = tuple[tuple[int, int], ...]
LowercaseRun = tuple[int, int, int, int]  # first, last, step, lowercase minus code point


def regex_unicode_version() -> str:
    """The Unicode version that the installed ``regex`` names in its description."""
    description = importlib.metadata.metadata("regex").get_payload()  # type: ignore[attr-defined]
    found = re.search(r"supports Unicode (\d+\.\d+\.\d+)", str(description))
    if found is None:
        raise SystemExit("the regex package does not name its Unicode version")
    return found.group(1)


def ranges_of(members: Iterable[int]) -> Ranges:
    """Sorted code points as inclusive (first, last) runs."""
    runs: list[tuple[int, int]] = []
    for code_point in sorted(members):
        if runs and runs[-1][1] == code_point - 1:
            runs[-1] = (runs[-1][0], code_point)
        else:
            runs.append((code_point, code_point))
    return tuple(runs)


def regex_class(pattern: str) -> Ranges:
    """The code points that ``regex`` matches with ``pattern``, one code point at a time."""
    everything = "".join(map(chr, range(CODE_POINTS)))
    found = regex.finditer(pattern + "+", everything)
    return tuple((match.start(), match.end() - 1) for match in found)


def lowered(code_point: int) -> str:
    return chr(code_point).lower()


def sigma_after(before: str) -> bool:
    """Whether a capital sigma right after ``before`` lowercases to the final form."""
    return (before + CAPITAL_SIGMA).lower()[-1] == FINAL_SIGMA


def sigma_before(after: str) -> bool:
    """Whether a capital sigma after "A" and before ``after`` lowercases to the final form."""
    return ("A" + CAPITAL_SIGMA + after).lower()[1] == FINAL_SIGMA


def case_classes() -> tuple[Ranges, Ranges]:
    """(Cased and not Case_Ignorable, Case_Ignorable), as str.lower() sees them.

    "A" + c + sigma is final where c is case-ignorable or cased; "A" + sigma + c is final where c
    is case-ignorable or not cased. Whether an ignorable code point is cased never matters."""
    cased, ignorable = [], []
    for code_point in range(CODE_POINTS):
        character = chr(code_point)
        after, before = sigma_after("A" + character), sigma_before(character)
        if after and before:
            ignorable.append(code_point)
        elif after:
            cased.append(code_point)
    return ranges_of(cased), ranges_of(ignorable)


def lowercase_tables() -> tuple[tuple[LowercaseRun, ...], dict[int, str]]:
    """Runs of one-code-point lowercases (the sigma as its non-final form) and the longer ones."""
    single: list[tuple[int, int]] = []
    longer: dict[int, str] = {}
    for code_point in range(CODE_POINTS):
        lower = lowered(code_point)
        if len(lower) > 1:
            longer[code_point] = lower
        elif lower != chr(code_point):
            single.append((code_point, ord(lower) - code_point))
    return runs_of_deltas(single), longer


def runs_of_deltas(pairs: list[tuple[int, int]]) -> tuple[LowercaseRun, ...]:
    """(code point, delta) pairs as runs of one delta at one step (1 or 2)."""
    runs: list[LowercaseRun] = []
    for code_point, delta in pairs:
        if runs:
            first, last, step, run_delta = runs[-1]
            gap = code_point - last
            if run_delta == delta and (gap == step or (first == last and gap in (1, 2))):
                runs[-1] = (first, code_point, gap, delta)
                continue
        runs.append((code_point, code_point, 1, delta))
    return tuple(runs)


def formatted_ranges(name: str, comment: str, ranges: Ranges) -> Iterator[str]:
    yield f"# {comment}"
    yield f"{name}: Ranges = ("
    row = "   "
    for first, last in ranges:
        entry = f" (0x{first:04X}, 0x{last:04X}),"
        if len(row) + len(entry) > LINE_LENGTH:
            yield row
            row = "   "
        row += entry
    if row.strip():
        yield row
    yield ")"
    yield ""


def escaped(text: str) -> str:
    """``text`` as the inside of a Python string literal, every non-ASCII code point escaped."""
    return "".join(c if " " <= c <= "~" and c not in '\\"' else f"\\u{ord(c):04x}" for c in text)


def data_module(
    tables: dict[str, Ranges], runs: tuple[LowercaseRun, ...], longer: dict[int, str]
) -> str:
    version = f"regex {regex.__version__}, Unicode {regex_unicode_version()}"
    lines = [
        '"""Unicode tables of the BLEU tokenizers, written by ``scripts/unicode_tables.py``: do',
        "not edit by hand.",
        "",
        f"The intl classes follow {version}; lowercasing follows Python 3.11's",
        "str.lower() (Unicode 14.0.0), whatever the Python version that runs the tokenizers.",
        '"""',
        "",
        "Ranges = tuple[tuple[int, int], ...]",
        "",
        "# The tables' sources: the regex release and its Unicode version, then lowercasing.",
        f'UNICODE_TABLES = "{version}; lowercase: Python 3.11, Unicode 14.0.0"',
        "",
        "# fmt: off",  # rows of ranges, not a range a line
    ]
    comments = {
        "PUNCTUATION": "\\p{P}: the general categories Pc, Pd, Ps, Pe, Pi, Pf and Po.",
        "SYMBOL": "\\p{S}: the general categories Sm, Sc, Sk and So.",
        "NUMBER": "\\p{N}: the general categories Nd, Nl and No.",
        "CASED": "Cased and not Case_Ignorable: a letter that can end a word in a final sigma.",
        "CASE_IGNORABLE": "Case_Ignorable: skipped when looking for a sigma's cased neighbours.",
    }
    for name, ranges in tables.items():
        lines.extend(formatted_ranges(name, comments[name], ranges))
    lines.append("# fmt: on")
    lines.append("# One-code-point lowercases: (first, last, step, lowercase minus code point).")
    lines.append("LOWERCASE_RUNS: tuple[tuple[int, int, int, int], ...] = (")
    lines.extend(f"    (0x{a:04X}, 0x{b:04X}, {step}, {delta})," for a, b, step, delta in runs)
    lines.append(")")
    lines.append("# Lowercases longer than one code point.")
    lines.append("LOWERCASE_LONGER: dict[int, str] = {")
    lines.extend(f'    0x{cp:04X}: "{escaped(text)}",' for cp, text in sorted(longer.items()))
    lines.append("}")
    return "\n".join(lines) + "\n"


# The C header's flags, one bit per class.
FLAGS = {
    "WHITESPACE": 1,
    "PUNCTUATION": 2,
    "SYMBOL": 4,
    "NUMBER": 8,
    "CHINESE": 16,
    "CASED": 32,
    "CASE_IGNORABLE": 64,
    "LOWERCASE": 128,
}


def flag_table(classes: dict[str, Callable[[int], bool]]) -> list[int]:
    flags = [0] * CODE_POINTS
    for name, member in classes.items():
        bit = FLAGS[name]
        for code_point in range(CODE_POINTS):
            if member(code_point):
                flags[code_point] |= bit
    return flags


def member_of(ranges: Ranges) -> Callable[[int], bool]:
    members = {cp for first, last in ranges for cp in range(first, last + 1)}
    return members.__contains__


def c_array(kind: str, name: str, values: list[int], per_row: int = 16) -> Iterator[str]:
    yield f"static const {kind} {name}[{len(values)}] = {{"
    for start in range(0, len(values), per_row):
        yield "    " + ", ".join(str(value) for value in values[start : start + per_row]) + ","
    yield "};"


def c_header(flags: list[int], lowercase: list[tuple[int, int]], longer: dict[int, str]) -> str:
    blocks: dict[tuple[int, ...], int] = {}
    index: list[int] = []
    for start in range(0, CODE_POINTS, BLOCK):
        block = tuple(flags[start : start + BLOCK])
        index.append(blocks.setdefault(block, len(blocks)))
    if len(blocks) > 256 or set(longer) != {0x130}:
        raise SystemExit("the C code takes at most 256 blocks and one longer lowercase, U+0130")
    version = f"regex {regex.__version__}, Unicode {regex_unicode_version()}"
    lines = [
        "/* Unicode tables of the BLEU tokenizers, written by scripts/unicode_tables.py: do not",
        f" * edit by hand. The intl classes follow {version}; lowercasing follows Python",
        " * 3.11's str.lower() (Unicode 14.0.0). The same tables as",
        " * mtcompute/metrics/tokenizers/unicode_data.py, as a two-level lookup: the flags of code",
        " * point c are FLAG_BLOCKS[FLAG_INDEX[c >> 8]][c & 255]. */",
        "",
        f'#define UNICODE_TABLES "{version}; lowercase: Python 3.11, Unicode 14.0.0"',
    ]
    lines.extend(f"#define FLAG_{name} {bit}" for name, bit in FLAGS.items())
    lines.append("")
    lines.extend(c_array("uint8_t", "FLAG_INDEX", index))
    lines.append(f"static const uint8_t FLAG_BLOCKS[{len(blocks)}][{BLOCK}] = {{")
    for block in blocks:
        lines.append("    {")
        for start in range(0, BLOCK, 32):
            lines.append("        " + ",".join(str(v) for v in block[start : start + 32]) + ",")
        lines.append("    },")
    lines.append("};")
    lines.append("")
    lines.append("/* Sorted code points with a one-code-point lowercase, and that lowercase. */")
    lines.extend(c_array("uint32_t", "LOWERCASE_FROM", [a for a, _ in lowercase], 12))
    lines.extend(c_array("uint32_t", "LOWERCASE_TO", [b for _, b in lowercase], 12))
    lines.append("")
    lines.append("/* The lowercases longer than one code point, written out in the code: */")
    for code_point, text in sorted(longer.items()):
        spelled = " ".join(f"U+{ord(c):04X}" for c in text)
        lines.append(f"/* U+{code_point:04X} -> {spelled} */")
    return "\n".join(lines) + "\n"


def expand_runs(runs: tuple[LowercaseRun, ...]) -> list[tuple[int, int]]:
    return [
        (cp, cp + delta) for first, last, step, delta in runs for cp in range(first, last + 1, step)
    ]


def main() -> None:
    if sys.version_info[:2] != (3, 11) or unicodedata.unidata_version != "14.0.0":
        raise SystemExit("run this with Python 3.11, whose str.lower() follows Unicode 14.0.0")
    cased, ignorable = case_classes()
    tables = {
        "PUNCTUATION": regex_class(r"\p{P}"),
        "SYMBOL": regex_class(r"\p{S}"),
        "NUMBER": regex_class(r"\p{N}"),
        "CASED": cased,
        "CASE_IGNORABLE": ignorable,
    }
    runs, longer = lowercase_tables()
    DATA_MODULE.write_text(data_module(tables, runs, longer), encoding="utf-8")

    # Read after the data module is written: the tokenizers' package imports it.
    from mtcompute.metrics.tokenizers.zh import CHINESE_RANGES  # noqa: PLC0415
    from mtcompute.metrics.whitespace import WHITESPACE_CODE_POINTS  # noqa: PLC0415

    lowercase = expand_runs(runs)
    changed = {cp for cp, _ in lowercase} | set(longer)
    classes = {name: member_of(ranges) for name, ranges in tables.items()}
    classes["WHITESPACE"] = set(WHITESPACE_CODE_POINTS).__contains__
    classes["CHINESE"] = member_of(CHINESE_RANGES)
    classes["LOWERCASE"] = changed.__contains__
    C_HEADER.write_text(c_header(flag_table(classes), lowercase, longer), encoding="utf-8")


if __name__ == "__main__":
    main()
