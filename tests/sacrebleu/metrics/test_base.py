"""What every class of the drop-in shares with sacreBLEU's: its JSON line, its signature's
rules, and what it refuses (sacreBLEU's ``TypeError`` for a misplaced argument, an error for
streams of other lengths where sacreBLEU would truncate)."""

from typing import Any, cast

import pytest

from mtcompute import InputError
from mtcompute.sacrebleu import metrics as ours
from mtcompute.version import __version__
from tests.sacrebleu.metrics.sacrebleu_classes import corpus, json_of, theirs


def test_a_score_formats_as_sacrebleusjson_of() -> None:
    hypotheses, streams = corpus(10)
    mine, their = ours.BLEU(), theirs.BLEU()
    mine_score = mine.corpus_score(hypotheses, streams)
    their_score = their.corpus_score(hypotheses, streams)
    signature = str(their.get_signature())
    assert mine_score.format(signature=signature, is_json=True) == their_score.format(
        signature=signature, is_json=True
    )
    assert json_of(mine_score, str(mine.get_signature()))["mtcompute"] == __version__


def test_a_signature_before_any_score_is_refused_as_sacrebleu_refuses_it() -> None:
    with pytest.raises(ValueError, match="Number of references unknown"):
        ours.BLEU().get_signature()


def test_segments_with_different_numbers_of_references_sign_var() -> None:
    hypotheses, streams = corpus(11)
    mine = ours.CHRF()
    mine.corpus_score(hypotheses, streams)
    assert mine.get_signature().format().startswith("nrefs:var|")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda m: m.corpus_score("a b", [["a b"]]), "`hyps` should be a sequence of strings"),
        (lambda m: m.corpus_score([1], [["a"]]), "Each element of `hyps` should be a string"),
        (lambda m: m.corpus_score(["a"], ["a"]), "Each element of `refs` should be a sequence"),
        (lambda m: m.corpus_score(["a"], "a"), "`refs` should be a sequence of sequence"),
        (lambda m: m.corpus_score(["a"], [[1]]), "`refs` should be a sequence of sequence"),
        (lambda m: m.sentence_score(1, ["a"]), "The argument `hyp` should be a string"),
        (lambda m: m.sentence_score("a", "a"), "The argument `refs` should be a sequence"),
        (lambda m: m.sentence_score("a", [1]), "Each element of `refs` should be a string"),
    ],
)
@pytest.mark.parametrize("metric", [ours.BLEU, ours.CHRF, ours.TER])
def test_what_sacrebleu_refuses_is_a_type_error(metric: Any, call: Any, message: str) -> None:
    with pytest.raises(TypeError, match=message):
        call(metric())


def test_without_references_or_a_cache_the_score_is_refused() -> None:
    with pytest.raises(RuntimeError, match="No references provided and the cache is empty"):
        ours.BLEU().corpus_score(["a"], None)


def test_streams_of_other_lengths_are_refused_never_truncated() -> None:
    for metric in (ours.BLEU, ours.CHRF, ours.TER):
        with pytest.raises(InputError, match="one per hypothesis") as caught:
            metric().corpus_score(["a", "b"], [["a", "b"], ["a"]])
        assert [e["pointer"] for e in caught.value.errors] == ["/references/1"]
        cached = metric(references=[["a", "b"]])
        with pytest.raises(InputError, match="one per hypothesis"):
            cached.corpus_score(["a"], None)
    with pytest.raises(InputError, match="of one length"):
        ours.CHRF(references=[["a", "b"], ["a"]])


def test_an_unknown_smoothing_or_tokenizer_is_refused() -> None:
    with pytest.raises(ValueError, match="Unknown smooth_method 'add-one'"):
        ours.BLEU(smooth_method="add-one")
    with pytest.raises(ValueError, match="unknown tokenizer 'moses'"):
        ours.BLEU(tokenize="moses")


@pytest.mark.parametrize(
    ("metric", "arguments"),
    [
        ("BLEU", {}),
        ("BLEU", {"smooth_method": "add-k", "effective_order": True}),
        ("BLEU", {"tokenize": "ja-mecab"}),
        ("CHRF", {}),
        ("CHRF", {"word_order": 2, "eps_smoothing": True}),
        ("TER", {}),
        ("TER", {"normalized": True}),
    ],
)
def test_a_bootstrap_confidence_interval_is_sacrebleus(
    metric: str, arguments: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    hypotheses, streams = corpus(12)
    for seed in ("12345", "7"):
        monkeypatch.setenv("SACREBLEU_SEED", seed)
        mine = getattr(ours, metric)(**arguments)
        their = getattr(theirs, metric)(**arguments)
        mine_score = mine.corpus_score(hypotheses, streams, n_bootstrap=200)
        their_score = their.corpus_score(hypotheses, streams, n_bootstrap=200)
        assert mine_score._mean == their_score._mean  # to the bit
        assert mine_score._ci == their_score._ci
        assert str(mine_score) == str(their_score)
        mine_signature = str(mine.get_signature())
        assert mine_signature == str(their.get_signature()).replace(
            "version:2.6.0", f"mtcompute:{__version__}"
        )
        assert f"|bs:200|seed:{seed}|" in mine_signature
        assert json_of(mine_score, "a:b")["confidence"] == json_of(their_score, "a:b")["confidence"]


def test_every_class_is_exported() -> None:
    assert set(ours.METRICS) == {"BLEU", "CHRF", "TER"}
    assert cast(Any, ours).__all__


@pytest.mark.usefixtures("pure_python")
@pytest.mark.parametrize("metric", ["BLEU", "CHRF", "TER"])
def test_without_a_compiler_the_numbers_are_the_same(metric: str) -> None:
    hypotheses, streams = corpus(13)
    mine = getattr(ours, metric)().corpus_score(hypotheses, streams, n_bootstrap=50)
    their = getattr(theirs, metric)().corpus_score(hypotheses, streams, n_bootstrap=50)
    assert (mine.score, mine._mean, mine._ci) == (their.score, their._mean, their._ci)
    bleu = ours.BLEU(tokenize="ko-mecab")
    assert bleu.corpus_score(["오늘 날씨가 좋습니다."], [["오늘 날씨가 좋다."]]).counts[0] == 5
