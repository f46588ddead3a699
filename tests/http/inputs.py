"""Request bodies for the HTTP tests, and what the Python API answers for them."""

import re
from typing import Any

from mtcompute import api, jsonio
from mtcompute.contracts.bleu_corpus_compute_1_0_0 import LIMITS
from mtcompute.errors import InputError, Violation

TOOL = "bleu-corpus-compute"
VERSION = "1.0.0"
EXECUTE_PATH = f"/v1/tools/{TOOL}/versions/{VERSION}/execute"
JSON_HEADERS = {"content-type": "application/json"}

SMALL_INPUT: dict[str, Any] = {
    "hypotheses": [["the", "cat", "sat", "on", "the", "mat"], ["dog"]],
    "references": [
        [["the", "cat", "sat", "on", "a", "mat"], ["a", "cat", "was", "on", "the", "mat"]],
        [["a", "dog", "barked"], ["the", "dog"]],
    ],
    "max_order": 3,
}


def maximum_input() -> dict[str, Any]:
    """An input at every limit: 1,000 segments, 50,000 ASCII tokens, 1 MiB of token bytes.

    Each reference is its hypothesis rotated by one token, so most n-grams match but not all.
    """
    segments = LIMITS.max_segments or 0
    per_list = (LIMITS.max_total_tokens or 0) // (2 * segments)
    hypothesis_tokens = segments * per_list
    length, longer = divmod((LIMITS.max_total_token_bytes or 0) // 2, hypothesis_tokens)
    tokens = [(f"{i:x}-" * length)[: length + (i < longer)] for i in range(hypothesis_tokens)]
    hypotheses = [tokens[start : start + per_list] for start in range(0, len(tokens), per_list)]
    return {"hypotheses": hypotheses, "references": [[h[1:] + h[:1]] for h in hypotheses]}


# str.translate table: every character of the Basic Multilingual Plane as its \uXXXX escape.
_ESCAPE_BMP = {code: f"\\u{code:04x}" for code in range(0x10000)}
_ASTRAL = re.compile("[\U00010000-\U0010ffff]")


def _surrogate_pair(match: re.Match[str]) -> str:
    encoded = match.group().encode("utf-16-be")
    return f"\\u{encoded[:2].hex()}\\u{encoded[2:].hex()}"


def escape_every_character(document: object) -> bytes:
    """Compact JSON of ``document`` with every character of every string as a \\uXXXX escape
    (a surrogate pair beyond the BMP): the longest way to write it without whitespace."""
    text = jsonio.dumps(document).decode("utf-8")
    assert "\\" not in text, "only for strings that JSON writes without escapes"
    parts = text.split('"')  # the odd parts are the contents of strings
    for index in range(1, len(parts), 2):
        parts[index] = _ASTRAL.sub(_surrogate_pair, parts[index].translate(_ESCAPE_BMP))
    return '"'.join(parts).encode("ascii")


def expected_answer(document: object) -> bytes:
    """What the execute route must answer for ``document``: the library's result, as bytes."""
    return jsonio.dumps({"result": api.execute(TOOL, VERSION, document)})


def expected_errors(document: object) -> list[Violation]:
    try:
        api.execute(TOOL, VERSION, document)
    except InputError as error:
        return error.errors
    raise AssertionError("the document was expected to break the contract")
