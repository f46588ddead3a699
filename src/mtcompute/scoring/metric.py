"""What a metric of ``mtcompute score`` declares, as sacreBLEU's ``Metric`` does: its name, its
options, how it scores a corpus and each segment, and its signature.

A metric is a class whose constructor takes the values of the options (every declared option's
value, keyed by its ``name``) and whether each segment is scored, and refuses a combination it
cannot score with ``InputError``; ``register`` (in ``registry``) makes it one of ``score``'s.

A corpus score is made from statistics that add up over any split of the segments: each part's
``statistics`` (picklable, so that a worker process or a cluster can make them) add with ``+``
taken in segment order, and ``from_statistics`` scores the sum, bit for bit the score of the
whole, however it was split.
Options are plain data: the CLI builds its flags from them, and the library passes them as
keywords. Several systems are compared on the metrics named by ``resampled`` (one module of
``fast/resampling/segmentwise/`` each: per-segment statistics and a formula), with the options
``resampling_options`` gives.
"""

from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from mtcompute.scoring.scored import Scored

if TYPE_CHECKING:
    from mtcompute.contracts.contract import Contract

# A corpus's texts: hypotheses[i] is segment i; references[k][i] is its k-th reference, a
# stream per reference file, as sacreBLEU takes them.
Texts = Sequence[str]
Streams = Sequence[Sequence[str]]


@dataclass(frozen=True, slots=True)
class Option:
    """One option of a metric: its keyword ``name``, its command-line ``flags``, the type of its
    value (``choices`` when it is one of some strings, ``is_flag`` for a boolean switch), its
    default and a line of help."""

    name: str
    flags: tuple[str, ...]
    help: str
    default: Any = None
    type: type = str
    choices: tuple[str, ...] = ()
    is_flag: bool = False
    metavar: str | None = None


class ScoringMetric(ABC):
    """A metric as ``score`` runs it; a subclass sets ``name`` and ``options``."""

    name: ClassVar[str]
    options: ClassVar[tuple[Option, ...]] = ()
    # The resampled metrics (``fast.resampling.registry``) that several systems' confidence
    # intervals and paired tests use for it, one per score it gives; none where it has none.
    resampled: ClassVar[tuple[str, ...]] = ()

    def __init__(self, settings: Mapping[str, Any], *, sentence_level: bool = False) -> None:
        # An option left out, or None (as click passes one not given), takes its default.
        self.settings = {option.name: _value(settings, option) for option in self.options}
        self.sentence_level = sentence_level

    def corpus(self, hypotheses: Texts, references: Streams) -> Scored:
        """The corpus score."""
        return self.from_statistics(self.statistics(hypotheses, references), len(references))

    @abstractmethod
    def statistics(self, hypotheses: Texts, references: Streams) -> Any:
        """The statistics of these segments: a part's, to add to the parts before it."""

    def fold(self, total: Any, part: Any) -> Any:
        """``total`` (the statistics of every segment before ``part``) with ``part`` added."""
        return total + part

    @abstractmethod
    def from_statistics(self, statistics: Any, nrefs: int) -> Scored:
        """The corpus score of the summed statistics; its result holds them, not the segments."""

    def corpus_scores(self, statistics: Any, nrefs: int) -> list[Scored]:
        """Every corpus score of the summed statistics, each reported on a line (a JSON object)
        of its own: ``from_statistics``'s alone, unless the metric gives several (ROUGE gives
        one per type)."""
        return [self.from_statistics(statistics, nrefs)]

    @abstractmethod
    def sentences(
        self, hypotheses: Texts, references: Streams, first_line: int = 1
    ) -> Iterator[Scored]:
        """Each segment's score, in line order, the first on line ``first_line``."""

    def sentence_groups(
        self, hypotheses: Texts, references: Streams, first_line: int = 1
    ) -> Iterator[list[Scored]]:
        """Each segment's scores, in line order, as ``corpus_scores`` gives a corpus's: the
        score of ``sentences`` alone, unless the metric gives several."""
        for scored in self.sentences(hypotheses, references, first_line):
            yield [scored]

    def statistics_and_sentences(
        self, hypotheses: Texts, references: Streams
    ) -> tuple[Any, list[list[Scored]]] | None:
        """``statistics`` and every ``sentence_groups`` group of the same texts from one pass,
        where the metric has one (TER aligns each pair once for both); None otherwise."""
        return None

    def sentence_scores(
        self, hypotheses: Texts, references: Streams
    ) -> tuple[str, list[float]] | None:
        """sacreBLEU's name and each segment's score, where a segment's text line needs nothing
        else (no verbose part) and they come quicker than ``sentences``; None otherwise."""
        return None

    def sentence_lines(
        self,
        hypotheses: Texts,
        references: Streams,
        signature: str,
        decimals: int,
        score_only: bool,
    ) -> list[str] | None:
        """Each segment's text line as ``scoring.report.score_text`` writes it
        (``NAME|SIGNATURE = SCORE VERBOSE``, or the score alone), made in one call where the
        metric has a verbose part and a quick way to it; None otherwise."""
        return None

    def resampling_options(self) -> dict[str, Any]:
        """This metric's options as its resampled metric takes them (keywords)."""
        return {}

    @abstractmethod
    def signature(self, nrefs: int) -> str:
        """What makes the number reproducible, in sacreBLEU's ``key:value|...`` form."""


def _value(settings: Mapping[str, Any], option: Option) -> Any:
    value = settings.get(option.name)
    return option.default if value is None else value


def tool_name(contract: "Contract") -> str:
    """``id@version``, as a signature names the tool that computed the number. A metric writes
    its tools' names as constants, so that scoring loads no contract (a test holds them to the
    contracts')."""
    return f"{contract.id}@{contract.version}"


def per_segment(references: Streams) -> list[list[str]]:
    """Streams (``references[k][i]``) turned into each segment's references (``[i][k]``)."""
    return [list(segment) for segment in zip(*references, strict=True)]
