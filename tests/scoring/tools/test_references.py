"""Every segment has as many references, as reference files give them."""

import pytest

from mtcompute.errors import InputError
from mtcompute.scoring.tools.score_texts_1_0_0 import PARSER


def test_segments_with_different_numbers_of_references_are_refused_each_at_its_pointer() -> None:
    raw = {"hypotheses": ["a", "b", "c"], "references": [["a", "x"], ["b"], ["c", "y", "z"]]}
    with pytest.raises(InputError) as caught:
        PARSER.parse(raw)
    assert [e["pointer"] for e in caught.value.errors] == ["/references/1", "/references/2"]
    assert "expected 2 references" in caught.value.errors[0]["message"]


def test_as_many_references_everywhere_pass() -> None:
    request = PARSER.parse({"hypotheses": ["a", "b"], "references": [["a", "x"], ["b", "y"]]})
    assert request.references == [["a", "b"], ["x", "y"]]
