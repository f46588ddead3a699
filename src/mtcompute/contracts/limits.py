"""The size limits of a request, by the names the contract pages give them.

A contract's parser is declared from its limits: with the contract's own for a request, and with
``UNLIMITED`` for the Python library, which scores a corpus of any size.
"""

from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class Limits:
    """Size limits of one request; ``None`` means unlimited (and a limit a tool lacks)."""

    max_segments: int | None = None
    max_hypotheses: int | None = None
    max_references: int | None = None
    max_references_per_segment: int | None = None
    max_total_tokens: int | None = None
    max_token_bytes: int | None = None
    max_total_token_bytes: int | None = None
    max_string_bytes: int | None = None
    max_total_string_bytes: int | None = None
    max_length: int | None = None
    max_total_pair_bytes: int | None = None
    max_parts: int | None = None
    # Cells of a score matrix: hypotheses times references.
    max_cells: int | None = None
    # Line pairs of ROUGE-Lsum: each hypothesis's lines times each of its references' lines.
    max_total_sentence_pairs: int | None = None
    # TER's shift search, per (hypothesis, reference) pair: the longer text's words times the
    # same number, at most 1,000 (the candidates a pair may try), summed.
    max_total_word_pairs: int | None = None
    # Code points of each hypothesis times its reference's: CER's alignment cells.
    max_total_character_pairs: int | None = None

    def to_json(self) -> dict[str, int]:
        """The limits that apply, as a contract publishes them."""
        return {name: value for name, value in asdict(self).items() if value is not None}


UNLIMITED = Limits()
