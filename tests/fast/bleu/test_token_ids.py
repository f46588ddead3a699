"""(segment, token) ids: from bytes or from strings, equal exactly where segment and string are."""

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from mtcompute.fast.bleu.token_bytes import TokenBytes
from mtcompute.fast.bleu.token_ids import ids_from_bytes, ids_from_strings
from tests.metrics.partition import same_partition

_token = st.sampled_from(["a", "A", "é", "e\u0301", "abcdefgh", "abcdefghi", "🙂", "\u00a0", ""])
_sentences = st.lists(st.lists(_token, max_size=8), min_size=1, max_size=12)


def _segments(
    sentences: list[list[str]], segment_count: int
) -> np.ndarray[tuple[int], np.dtype[np.int64]]:
    # Sentence i belongs to segment i % segment_count: the same string recurs across segments.
    per_sentence = np.arange(len(sentences), dtype=np.int64) % segment_count
    return np.repeat(per_sentence, [len(sentence) for sentence in sentences])


@given(_sentences, st.integers(min_value=1, max_value=4))
def test_ids_are_equal_exactly_where_segment_and_string_are(
    sentences: list[list[str]], segment_count: int
) -> None:
    segments = _segments(sentences, segment_count)
    expected = list(zip(segments.tolist(), (t for s in sentences for t in s), strict=True))
    encoded = TokenBytes.encode(sentences)
    assert encoded is not None
    for ids, count in (ids_from_bytes(encoded, segments), ids_from_strings(sentences, segments)):
        assert same_partition(ids.tolist(), expected)
        assert all(0 <= i < count for i in ids.tolist())


def test_strings_the_buffer_cannot_hold_get_ids_from_the_strings() -> None:
    sentences = [["a\x00b", "a", "a\x00b"], ["a\x00b"]]
    assert TokenBytes.encode(sentences) is None
    ids, _ = ids_from_strings(sentences, np.array([0, 0, 0, 1], dtype=np.int64))
    assert ids[0] == ids[2] != ids[1]
    assert ids[3] not in (ids[0], ids[1])
