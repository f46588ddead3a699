"""``score -d``: sacreBLEU's detail after a test set's scores, each metric's score on every
original language's documents (``origlang=de domain=ALL``) and on each of their domains, one
line each, as sacreBLEU prints them (without its colours, as ``-nc`` does).

The groups are those of ``subsets``: ``-ol``'s language (sacreBLEU 2.6 walks its characters
instead, and fails) or every original language in the set, each whole and then by ``--subset``
or by each domain in the set; a group without segments prints no line.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mtcompute.cli import subsets
from mtcompute.cli.subsets import Subset
from mtcompute.cli.texts import ReadTexts
from mtcompute.scoring.score import score_corpus

NO_SUBSETS = "No subset information found. Consider using --origlang argument."
_COUNTRY = "country:"


@dataclass(frozen=True, slots=True)
class Detail:
    """The groups ``-d`` scores, each a filter of the test set, and the set."""

    test_set: str
    pair: str
    groups: tuple[Subset, ...]

    @classmethod
    def of(cls, test_set: str, pair: str, origlang: str | None, subset: str | None) -> "Detail":
        """The groups for ``-ol`` and ``--subset`` (None: every one in the set); an
        ``InputError`` where sacreBLEU would read annotations mtcompute does not carry."""
        languages = [origlang] if origlang else subsets.origlangs(test_set, pair)
        splits = [subset] if subset is not None else subsets.domains(test_set, pair)
        groups = [Subset(one, split) for one in languages for split in (None, *splits)]
        for group in groups:  # a filter sacreBLEU cannot apply fails now, before any output
            group.kept(test_set, pair)
        return cls(test_set, pair, tuple(groups))

    def lines(
        self, read: ReadTexts, metrics: Sequence[str], settings: Mapping[str, Any], width: int
    ) -> list[str]:
        """Each group's scores of the one system in ``read`` (all of the test set's segments),
        or sacreBLEU's note that there is nothing to split."""
        if not self.groups:
            return [NO_SUBSETS]
        (_, system), references = read.systems[0], read.references
        rows: list[tuple[str, int, list[tuple[str, float]]]] = []
        for group in self.groups:
            keep = group.kept(self.test_set, self.pair)
            hypotheses = [line for line, one in zip(system, keep, strict=True) if one]
            if not hypotheses:
                continue
            kept = [[line for line, one in zip(r, keep, strict=True) if one] for r in references]
            scores = score_corpus(hypotheses, kept, metrics, settings)
            rows.append((_key(group), len(hypotheses), [(s.name, s.score) for s in scores]))
        if not rows:
            return []
        left = max(len(key) for key, _, _ in rows) + 1
        named = max(len(name) for name, _ in rows[0][2])
        return [
            f"{key:<{left}}: sentences={count:<6} {name:<{named}} = {score:.{width}f}"
            for key, count, scores in rows
            for name, score in scores
        ]


def _key(group: Subset) -> str:
    key = f"origlang={group.origlang}"
    if group.subset is None:
        return f"{key} domain=ALL"
    if group.subset.startswith(_COUNTRY):
        return f"{key} country={group.subset[len(_COUNTRY) :]}"
    return f"{key} domain={group.subset}"
