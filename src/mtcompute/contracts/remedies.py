"""What scores a set too large for one call: the remedy a scoring tool names in each of its
size refusals, so that a client that hits a limit learns what to do instead.

A tool declares its remedy (``Tool.remedy``), and every interface that runs it (the library's
``execute``, a batch, HTTP, MCP) gives it, since they all run the tool through ``Tool.execute``.
A size refusal is a ``too_many_*`` violation of the whole input, or too many items in one of
its top-level arrays (segments, parts, systems); an array inside a segment (its references,
say) is about that segment, and keeps its message. Codes and pointers stay as they were.
"""

from mtcompute.errors import InputError, Violation

# Refusals named too_many_ that are not about the set's size: the input's own shape, and sums
# of counts past 2**53 (exact integers), which no split of the set would avoid.
_NOT_SIZES = ("too_many_violations", "too_many_properties", "too_many_counts", "too_many_edits")

_SCORE_TEXTS = (
    "score-texts scores a whole test set as `mtcompute score` does in one call (10,000 "
    "segments, 10 MiB of text, several metrics)"
)
_SHELL = "`mtcompute score` at a shell has no limits"


def in_parts(tool: str, summing: str) -> str:
    """The recipe of scoring a set in parts with ``tool`` and adding them with ``summing``."""
    return (
        f"or score it in parts: {tool} on each part of the segments, then {summing} on the "
        "parts' statistics, which add up to the whole's score"
    )


def of_texts(tool: str, summing: str | None) -> str:
    """The remedy of a tool of raw texts with a ``-from-statistics`` tool (or none)."""
    parts = f"; {in_parts(tool, summing)}" if summing else ""
    return f"to score a set this size: {_SCORE_TEXTS}{parts}; {_SHELL}"


TOKEN_CORPUS = (
    "to score a set this size: bleu-corpus-statistics on each part of the segments, then "
    "bleu-corpus-from-statistics on the parts' statistics, which add up to the whole's BLEU; "
    f"from raw lines, {_SCORE_TEXTS}; {_SHELL}"
)
FROM_STATISTICS = (
    "to add more parts: sum the parts' statistics in groups first (counts add up, so a group's "
    "sum is a part too) and send the sums"
)
SCORE_TEXTS = (
    "to score a set this size: in parts, with the parts tools (bleu-corpus-statistics, "
    "chrf-compute, ter-compute, wer-compute or cer-compute on each part, then their "
    "-from-statistics tools on the parts' statistics); to test more systems than a call "
    "takes: several calls, each with the baseline first (each pair's numbers stay the same); "
    f"{_SHELL}"
)
SIGNIFICANCE = (
    "to test systems on a set this size: `mtcompute score REF -i A B --paired-bs` (or "
    "--paired-ar) at a shell has no limits"
)


def is_size_refusal(violation: Violation) -> bool:
    code, pointer = violation["code"], violation["pointer"]
    if code == "too_many_items":
        return pointer.count("/") == 1  # a top-level array: the set's segments, parts, systems
    return code.startswith("too_many_") and code not in _NOT_SIZES


def with_remedy(error: InputError, remedy: str) -> InputError:
    """``error`` with ``remedy`` added to the message of each of its size refusals."""
    if not remedy or not any(map(is_size_refusal, error.errors)):
        return error
    return InputError(
        [
            Violation(code=v["code"], pointer=v["pointer"], message=f"{v['message']}; {remedy}")
            if is_size_refusal(v)
            else v
            for v in error.errors
        ]
    )
