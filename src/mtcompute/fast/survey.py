"""A block of a text file's whole lines counted and checked in one pass: how many newlines it
holds and its first problem, a byte that is not UTF-8 or a line longer than the bound. Compiled
where it was built (one pass, the GIL released); else Python's strict decoder and a few
searches, which find the problem on the same line."""

from mtcompute.fast import compiled

FINE, NOT_UTF8, TOO_LONG = 0, 1, 2

# (newlines, problem, offset): the problem's first byte (NOT_UTF8) or line start (TOO_LONG).
Survey = tuple[int, int, int]


def survey_block(data: bytes | memoryview, end: int, most_bytes: int) -> Survey:
    """The newlines of ``data[:end]`` and its first problem: a byte strict UTF-8 refuses
    anywhere, else the first line longer than ``most_bytes`` bytes."""
    survey = compiled.survey_lines
    if survey is None:
        return survey_in_python(data, end, most_bytes)
    return survey(data, end, most_bytes)


def survey_in_python(data: bytes | memoryview, end: int, most_bytes: int) -> Survey:
    """``survey_block`` without the compiled pass."""
    block = bytes(data[:end])
    try:
        block.decode("utf-8")
    except UnicodeDecodeError as error:
        return block.count(b"\n", 0, error.start), NOT_UTF8, error.start
    long_line = first_long_line(block, most_bytes)
    if long_line is not None:
        return block.count(b"\n", 0, long_line), TOO_LONG, long_line
    return block.count(b"\n"), FINE, 0


def first_long_line(data: bytes, most_bytes: int) -> int | None:
    """Where the first line of ``data`` longer than ``most_bytes`` starts, or None. A step
    jumps to the last newline within reach of the line it starts at, so a block costs a few
    searches, not a list of its lines: every line between two steps is within the bound."""
    start = 0
    while start + most_bytes < len(data):
        newline = data.rfind(b"\n", start, start + most_bytes + 1)
        if newline < 0:
            return start
        start = newline + 1
    return None
