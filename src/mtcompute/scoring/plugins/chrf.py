"""chrF and chrF++ in ``mtcompute score``: ``chrf-compute`` and ``chrf-plus-plus-compute`` with
sacreBLEU's options (``--chrf-*``, ``-cc``, ``-cw``) and defaults, on each line.

``--chrf-lowercase`` lowercases each line with ``str.lower`` before the n-grams are taken, as
sacreBLEU's ``CHRF(lowercase=True)`` does. ``chrf++`` is mtcompute's shorthand for chrF with
word order 2 (``-cw`` gives another).
"""

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from mtcompute.scoring import signature
from mtcompute.scoring.metric import Option, ScoringMetric, Streams, Texts, per_segment
from mtcompute.scoring.registry import register
from mtcompute.scoring.scored import Scored

if TYPE_CHECKING:
    from mtcompute.metrics.chrf import ChrfOptions, ChrfStatistics

# chrF's modules are loaded when chrF scores, not when the command starts: its defaults are
# written here (a test holds them to ``metrics.chrf``'s).
DEFAULT_CHAR_ORDER, DEFAULT_BETA, DEFAULT_WORD_ORDER = 6, 2, 2


def _switch(name: str, help: str) -> Option:
    return Option(f"chrf_{name}", (f"--chrf-{name.replace('_', '-')}",), help, False, is_flag=True)


class _Chrf(ScoringMetric):
    word_order: ClassVar[int]
    tool: ClassVar[str]  # the tool's id@version in the signature
    options = (
        Option(
            "chrf_char_order",
            ("-cc", "--chrf-char-order"),
            "chrF's character n-gram order.",
            DEFAULT_CHAR_ORDER,
            int,
        ),
        Option(
            "chrf_word_order",
            ("-cw", "--chrf-word-order"),
            "chrF's word n-gram order; 2 is chrF++.  [default: 0; 2 with -m chrf++]",
            type=int,
        ),
        Option("chrf_beta", ("--chrf-beta",), "chrF's beta: recall's weight.", DEFAULT_BETA, int),
        _switch("whitespace", "chrF: include whitespace in the character n-grams."),
        _switch("lowercase", "chrF: lowercase every line first."),
        _switch(
            "eps_smoothing", "chrF: eps smoothing (chrF++.py, NLTK, Moses), not effective order."
        ),
    )

    def _texts(self, texts: Sequence[str]) -> list[str]:
        return [text.lower() for text in texts] if self.settings["chrf_lowercase"] else list(texts)

    def _segments(
        self, hypotheses: Texts, references: Streams
    ) -> tuple[list[str], list[list[str]]]:
        refs = [self._texts(stream) for stream in references]
        return self._texts(hypotheses), per_segment(refs)

    def statistics(self, hypotheses: Texts, references: Streams) -> "ChrfStatistics":
        """Every segment's kept statistics, summed, in one compiled pass (no numpy), which
        counts a long segment one order at a time in a few bytes per character. Without the
        kernel, a segment longer than ``LONG_SEGMENT`` characters goes to numpy's blocks. The
        texts are lines read as UTF-8, which the tool's checks would pass as they are."""
        from mtcompute.fast import compiled  # noqa: PLC0415
        from mtcompute.fast.chrf.sentences import corpus_statistics, has_long_text  # noqa: PLC0415

        texts, segments = self._segments(hypotheses, references)
        if compiled.chrf_sentence_statistics is None and has_long_text(texts, segments):
            from mtcompute.fast.chrf.compute import chrf_fast  # noqa: PLC0415 - numpy's

            result = chrf_fast(texts, segments, self._options(), return_words=False)
            return result.statistics
        return corpus_statistics(texts, segments, self._options())

    def from_statistics(self, statistics: "ChrfStatistics", nrefs: int) -> Scored:
        from mtcompute.metrics.chrf import chrf_result  # noqa: PLC0415

        result = chrf_result((), statistics, self._options())
        summed = {key: value for key, value in result.to_dict().items() if key != "segments"}
        return Scored(result.name, result.score, self.signature(nrefs), "", summed)

    def sentences(
        self, hypotheses: Texts, references: Streams, first_line: int = 1
    ) -> Iterator[Scored]:
        from mtcompute.fast.chrf.sentences import sentence_statistics  # noqa: PLC0415

        segments = sentence_statistics(*self._segments(hypotheses, references), self._options())
        name, sign = self._name(), self.signature(len(references))
        for line, segment in enumerate(segments, start=first_line):
            yield Scored(name, segment.score, sign, "", segment.to_dict(), line)

    def sentence_scores(self, hypotheses: Texts, references: Streams) -> tuple[str, list[float]]:
        from mtcompute.fast.chrf.sentences import sentence_scores  # noqa: PLC0415

        scores = sentence_scores(*self._segments(hypotheses, references), self._options())
        return self._name(), scores

    def _options(self) -> "ChrfOptions":
        from mtcompute.metrics.chrf import ChrfOptions  # noqa: PLC0415

        given = self.settings["chrf_word_order"]
        return ChrfOptions(
            char_order=self.settings["chrf_char_order"],
            word_order=self.word_order if given is None else given,
            beta=self.settings["chrf_beta"],
            eps_smoothing=self.settings["chrf_eps_smoothing"],
            include_whitespace=self.settings["chrf_whitespace"],
        )

    def resampling_options(self) -> dict[str, Any]:
        options = self._options()
        return {
            "char_order": options.char_order,
            "word_order": options.word_order,
            "beta": options.beta,
            "eps_smoothing": options.eps_smoothing,
            "include_whitespace": options.include_whitespace,
            "lowercase": self.settings["chrf_lowercase"],
        }

    def _name(self) -> str:
        options = self._options()
        return f"chrF{options.beta}" + "+" * options.word_order

    def signature(self, nrefs: int) -> str:
        options = self._options()
        return signature.chrf_signature(
            nrefs,
            char_order=options.char_order,
            word_order=options.word_order,
            include_whitespace=options.include_whitespace,
            eps_smoothing=options.eps_smoothing,
            lowercase=self.settings["chrf_lowercase"],
            tool=self.tool,
        )


@register
class Chrf(_Chrf):
    name = "chrf"
    resampled = ("chrf",)
    word_order = 0
    tool = "chrf-compute@1.0.0"


@register
class ChrfPlusPlus(_Chrf):
    name = "chrf++"
    resampled = ("chrf++",)
    word_order = DEFAULT_WORD_ORDER
    tool = "chrf-plus-plus-compute@1.0.0"
