"""The edit operations between a reference and a hypothesis, chosen among the equal-cost paths
exactly as rapidfuzz 3's ``Levenshtein.editops`` chooses them (jiwer 4.0 calls its
``opcodes`` on the two sequences of word ids), and jiwer's alignment chunks made of them.

The Levenshtein distance is unique; the path is not (``"a b"`` against ``"b a"`` is two
substitutions, or a deletion, a hit and an insertion), and hits, substitutions, deletions and
insertions depend on the path. rapidfuzz's choice, reproduced here:

1. The common prefix and suffix are removed: they are hits.
2. Hyyrö's bit-parallel algorithm gives, for every hypothesis position ``row`` and reference
   position ``col``, the vertical differences ``D[col][row] - D[col - 1][row]`` (+1 in ``VP``,
   -1 in ``VN``) of the distance matrix ``D`` (``col`` counts reference items, ``row``
   hypothesis items).
3. The trace starts at the end and, while both are positive: if the difference at
   ``(col, row)`` is +1, the reference item is deleted (``col -= 1``); otherwise ``row -= 1`` and,
   if ``row`` is still positive and the difference at the new ``(col, row)`` is -1, the
   hypothesis item is inserted; otherwise ``col -= 1`` too, a hit or a substitution. What is
   left of the reference is deleted, then what is left of the hypothesis inserted.
4. Where the bit matrix would be large (``2 * band * len(hypothesis) // 8`` at least 1 MiB, with
   ``band = min(len(reference), 2 * bound + 1)`` and the reference at least 65 items, the
   hypothesis at least 10), Hirschberg's split comes first: the hypothesis is cut at its middle
   (``len // 2``), the reference where the two halves' distances, as rapidfuzz's banded rows
   give them, add up least (``hirschberg``), and each half is aligned the same way (its affixes
   removed again). The whole pair's bound is its longer length (jiwer gives rapidfuzz no
   ``score_hint``), so its matrix is never banded; a half's bound is its distance as the split
   found it, and below the split rapidfuzz bands the half's matrix by it: this oracle traces
   every half on its whole matrix instead (see "Where this oracle and rapidfuzz part").

Step 4 changes the chosen path on long texts (characters of texts of about 2,000 characters and
more), so it is part of the contract.

Where this oracle and rapidfuzz could part: in a half below a split, rapidfuzz records only the
band of the half's bit matrix (the cells within the half's distance of the diagonal, in 64-item
blocks) and traces back through it; this oracle traces the half's whole matrix. The two agree
wherever the band holds the cells the trace reads, which held on every pair tried (400 generated
pairs of 0 to 5,000 items and 56 more of 2,100 to 6,000, over 2 to 1,000 symbols, all equal to
rapidfuzz's opcodes), but it is not proven for every pair rapidfuzz splits (after the common
affixes, reference items times hypothesis items at least 4,194,304, the reference at least 65
items and the hypothesis 10). The distance, and so wer and cer, is the same on any path. The
tools' limits keep every pair below that size.
"""

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Literal

from mtcompute.metrics.wer.hirschberg import split

Items = Sequence[Hashable]
EditKind = Literal["delete", "insert", "replace"]
ChunkKind = Literal["equal", "substitute", "delete", "insert"]

# rapidfuzz's thresholds: below these sizes the bit matrix is kept whole.
_MATRIX_BYTES = 1024 * 1024
_SHORT_REFERENCE = 65
_SHORT_HYPOTHESIS = 10


@dataclass(frozen=True, slots=True)
class EditOperation:
    """One edit: a reference item deleted, a hypothesis item inserted, or one replaced by the
    other; ``reference_position`` and ``hypothesis_position`` as rapidfuzz gives them."""

    kind: EditKind
    reference_position: int
    hypothesis_position: int


@dataclass(frozen=True, slots=True)
class Chunk:
    """jiwer's ``AlignmentChunk``: a run of one kind over ``reference[reference_start:
    reference_end]`` and ``hypothesis[hypothesis_start:hypothesis_end]``."""

    kind: ChunkKind
    reference_start: int
    reference_end: int
    hypothesis_start: int
    hypothesis_end: int

    def to_dict(self) -> dict[str, object]:
        return {
            "type": self.kind,
            "reference_start": self.reference_start,
            "reference_end": self.reference_end,
            "hypothesis_start": self.hypothesis_start,
            "hypothesis_end": self.hypothesis_end,
        }


def _affixes(reference: Items, hypothesis: Items) -> tuple[int, int]:
    """The lengths of the common prefix and of the common suffix after it."""
    limit = min(len(reference), len(hypothesis))
    prefix = 0
    while prefix < limit and reference[prefix] == hypothesis[prefix]:
        prefix += 1
    suffix = 0
    while (
        suffix < limit - prefix
        and reference[len(reference) - 1 - suffix] == hypothesis[len(hypothesis) - 1 - suffix]
    ):
        suffix += 1
    return prefix, suffix


def _rows(reference: Items, hypothesis: Items, last_row: int) -> list[tuple[int, int]]:
    """Hyyrö's vectors ``(VP, VN)`` after each hypothesis item up to ``last_row``: bit ``i`` of
    row ``r`` is the difference ``D[i + 1][r + 1] - D[i][r + 1]``, +1 in VP, -1 in VN."""
    length = len(reference)
    full = (1 << length) - 1
    positions: dict[Hashable, int] = {}
    bit = 1
    for item in reference:
        positions[item] = positions.get(item, 0) | bit
        bit <<= 1
    vp, vn = full, 0
    rows = []
    for item in hypothesis[: last_row + 1]:
        x = positions.get(item, 0)
        d0 = (((x & vp) + vp) ^ vp) | x | vn
        hp = vn | (full & ~(d0 | vp))
        hn = d0 & vp
        hp = ((hp << 1) | 1) & full
        hn = (hn << 1) & full
        vp = hn | (full & ~(d0 | hp))
        vn = hp & d0
        rows.append((vp, vn))
    return rows


def distance(reference: Items, hypothesis: Items) -> int:
    """The Levenshtein distance (unit costs): ``D[n][m]``, which is ``m`` plus the last row's
    vertical differences."""
    if not reference or not hypothesis:
        return len(reference) + len(hypothesis)
    vp, vn = _rows(reference, hypothesis, len(hypothesis) - 1)[-1]
    return len(hypothesis) + vp.bit_count() - vn.bit_count()


def _trace(
    reference: Items, hypothesis: Items, at_reference: int, at_hypothesis: int
) -> list[EditOperation]:
    """Step 3: the whole bit matrix and the trace back from its end."""
    n, m = len(reference), len(hypothesis)
    if n == 0 or m == 0:
        rows: list[tuple[int, int]] = []
        total = n + m
    else:
        rows = _rows(reference, hypothesis, m - 1)
        total = m + rows[-1][0].bit_count() - rows[-1][1].bit_count()
    backwards: list[EditOperation] = []
    col, row = n, m
    while row and col:
        if rows[row - 1][0] >> (col - 1) & 1:
            col -= 1
            backwards.append(EditOperation("delete", col + at_reference, row + at_hypothesis))
        else:
            row -= 1
            if row and rows[row - 1][1] >> (col - 1) & 1:
                backwards.append(EditOperation("insert", col + at_reference, row + at_hypothesis))
            else:
                col -= 1
                if reference[col] != hypothesis[row]:
                    backwards.append(
                        EditOperation("replace", col + at_reference, row + at_hypothesis)
                    )
    while col:
        col -= 1
        backwards.append(EditOperation("delete", col + at_reference, row + at_hypothesis))
    while row:
        row -= 1
        backwards.append(EditOperation("insert", col + at_reference, row + at_hypothesis))
    if len(backwards) != total:  # pragma: no cover - the trace always spends the distance
        raise AssertionError("the trace does not add up to the distance")
    backwards.reverse()
    return backwards


def _align(
    out: list[EditOperation], reference: Items, hypothesis: Items, at: tuple[int, int], bound: int
) -> None:
    """Step 1, then step 4 or step 3, appending the edits in order; ``at`` is where the two
    sides start in the whole pair."""
    at_reference, at_hypothesis = at
    prefix, suffix = _affixes(reference, hypothesis)
    reference = reference[prefix : len(reference) - suffix]
    hypothesis = hypothesis[prefix : len(hypothesis) - suffix]
    at_reference += prefix
    at_hypothesis += prefix
    n, m = len(reference), len(hypothesis)
    bound = min(bound, max(n, m))
    band = min(n, 2 * bound + 1)
    if 2 * band * m // 8 < _MATRIX_BYTES or n < _SHORT_REFERENCE or m < _SHORT_HYPOTHESIS:
        out.extend(_trace(reference, hypothesis, at_reference, at_hypothesis))
        return
    cut = split(reference, hypothesis, bound)
    reference_cut, hypothesis_cut = cut.reference_cut, cut.hypothesis_cut
    _align(
        out,
        reference[:reference_cut],
        hypothesis[:hypothesis_cut],
        (at_reference, at_hypothesis),
        cut.left_score,
    )
    _align(
        out,
        reference[reference_cut:],
        hypothesis[hypothesis_cut:],
        (at_reference + reference_cut, at_hypothesis + hypothesis_cut),
        cut.right_score,
    )


def edit_operations(reference: Items, hypothesis: Items) -> list[EditOperation]:
    """rapidfuzz's ``Levenshtein.editops(reference, hypothesis)``, in order (as jiwer calls it:
    no ``score_hint``, so the first bound is the longer length, not the distance)."""
    out: list[EditOperation] = []
    _align(out, reference, hypothesis, (0, 0), max(len(reference), len(hypothesis)))
    return out


def chunks_of(
    operations: Sequence[EditOperation], reference_length: int, hypothesis_length: int
) -> list[Chunk]:
    """jiwer's chunks: rapidfuzz's opcodes, runs of equal items between the edits and runs of
    consecutive edits of one kind, ``replace`` named ``substitute``."""
    out: list[Chunk] = []
    at_reference = at_hypothesis = 0
    i = 0
    while i < len(operations):
        first = operations[i]
        if at_reference < first.reference_position or at_hypothesis < first.hypothesis_position:
            out.append(
                Chunk(
                    "equal",
                    at_reference,
                    first.reference_position,
                    at_hypothesis,
                    first.hypothesis_position,
                )
            )
            at_reference, at_hypothesis = first.reference_position, first.hypothesis_position
        start_reference, start_hypothesis = at_reference, at_hypothesis
        kind = first.kind
        while (
            i < len(operations)
            and operations[i].kind == kind
            and operations[i].reference_position == at_reference
            and operations[i].hypothesis_position == at_hypothesis
        ):
            if kind != "insert":
                at_reference += 1
            if kind != "delete":
                at_hypothesis += 1
            i += 1
        out.append(
            Chunk(
                "substitute" if kind == "replace" else kind,
                start_reference,
                at_reference,
                start_hypothesis,
                at_hypothesis,
            )
        )
    if at_reference < reference_length or at_hypothesis < hypothesis_length:
        out.append(Chunk("equal", at_reference, reference_length, at_hypothesis, hypothesis_length))
    return out


def chunks(reference: Items, hypothesis: Items) -> list[Chunk]:
    """jiwer's alignment of one pair: its chunks in order."""
    return chunks_of(edit_operations(reference, hypothesis), len(reference), len(hypothesis))
