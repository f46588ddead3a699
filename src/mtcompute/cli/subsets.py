"""sacreBLEU's ``-ol/--origlang`` and ``--subset``: the segments of a cached test set kept by
their document's original language (``-ol de``; ``-ol non-de``: every other) and, for the WMT
XML sets (2021 on), by their document's domain matching a regular expression (``--subset``,
searched as Python's ``re.search``; a ``country:`` prefix is dropped, as sacreBLEU drops it).

sacreBLEU reads these document attributes from its raw SGML and XML files; its processing also
writes them into its cache, one line a segment (the ``origlang`` and ``domain`` fields), which
is where they are read here. The WMT SGML sets (before 2021) carry no domain: sacreBLEU's
``--subset`` on them looks documents up in annotations written into its own source (wmt18 and
wmt19 only), which mtcompute does not carry, so such a ``--subset`` is an ``InputError`` that
names the sacreBLEU command that answers it. So is a filter on a set without document
attributes, a regular expression that does not compile, and a filter that keeps nothing.
"""

import re
from dataclasses import dataclass

from mtcompute.cli import testsets
from mtcompute.errors import InputError
from mtcompute.scoring.textfiles import file_error

_COUNTRY = "country:"
_NEGATION = "non-"
# sacreBLEU annotates these SGML sets' documents by country and domain in its own source.
_ANNOTATED_SGML_SETS = ("wmt18", "wmt19")


def origlangs(test_set: str, pair: str) -> list[str]:
    """The original languages of the set's documents, sorted (none without the attribute)."""
    cached = testsets.fields(test_set, pair)
    return sorted(set(testsets.lines(cached["origlang"]))) if "origlang" in cached else []


def domains(test_set: str, pair: str) -> list[str]:
    """The domains of the set's documents, sorted (none for a set without them); an error for
    the SGML sets sacreBLEU annotates in its own source."""
    cached = testsets.fields(test_set, pair)
    if "domain" in cached:
        return sorted(set(testsets.lines(cached["domain"])))
    if test_set in _ANNOTATED_SGML_SETS and "genre" in cached:
        raise file_error(
            "no_subset_annotation",
            f"-d splits {test_set} by the document annotations written into sacreBLEU's "
            f"source, which mtcompute does not carry: `sacrebleu -t {test_set} -l {pair} -d "
            "-i HYP` prints the split",
        )
    return []


@dataclass(frozen=True, slots=True)
class Subset:
    """``-ol``'s original language and ``--subset``'s expression (either may be None)."""

    origlang: str | None
    subset: str | None

    def kept(self, test_set: str, pair: str) -> list[bool]:
        """Whether each segment of ``test_set``'s ``pair`` is kept, in order."""
        cached = testsets.fields(test_set, pair)
        if "origlang" not in cached:
            raise file_error(
                "no_document_attributes",
                f"test set {test_set} ({pair}) has no document attributes in sacreBLEU's cache: "
                "-ol/--origlang and --subset filter the WMT SGML and XML sets only",
            )
        keep = [self._language_kept(one) for one in testsets.lines(cached["origlang"])]
        if self.subset is None:
            return keep
        if "domain" not in cached and "genre" in cached:
            raise self._no_annotation(test_set, pair)
        if "domain" not in cached:  # an XML set (wmt21, wmt22) whose documents have no domain
            return [False for _ in keep]
        domains = testsets.lines(cached["domain"])
        pairs = zip(keep, domains, strict=True)
        return [one and self._domain_kept(domain) for one, domain in pairs]

    def _language_kept(self, origlang: str) -> bool:
        if self.origlang is None:
            return True
        if self.origlang.startswith(_NEGATION):
            return origlang != self.origlang[len(_NEGATION) :]
        return origlang == self.origlang

    def _domain_kept(self, domain: str) -> bool:
        expression = self.subset or ""
        if expression.startswith(_COUNTRY):
            expression = expression[len(_COUNTRY) :]
        try:
            return re.search(expression, domain) is not None
        except re.error as error:
            raise file_error(
                "invalid_subset",
                f"--subset {self.subset!r}: expected a regular expression, it does not compile "
                f"({error})",
            ) from None

    def _no_annotation(self, test_set: str, pair: str) -> InputError:
        if test_set not in _ANNOTATED_SGML_SETS:
            return file_error(
                "no_subset_annotation",
                f"--subset: test set {test_set} has no document annotation (sacreBLEU annotates "
                f"the documents of {' and '.join(_ANNOTATED_SGML_SETS)} only); -ol/--origlang "
                "filters it by original language",
            )
        return file_error(
            "no_subset_annotation",
            f"--subset on {test_set} reads the document annotations written into sacreBLEU's "
            f"source, which mtcompute does not carry: `sacrebleu -t {test_set} -l {pair} "
            f"--subset {self.subset} -i HYP` scores the subset",
        )

    def _empty(self, test_set: str) -> InputError:
        return file_error(
            "empty_subset",
            f"test set {test_set} contains no sentence with {self.described()}: expected a "
            "filter that keeps at least one",
        )

    def described(self) -> str:
        """The filter as sacreBLEU's messages name it (``origlang=de subset=news``)."""
        parts = [f"origlang={self.origlang}"] if self.origlang else []
        return " ".join([*parts, *([f"subset={self.subset}"] if self.subset else [])])

    def filtered(self, test_set: str, pair: str) -> list[bool]:
        """``kept``, refused if it keeps nothing (sacreBLEU's 'contains no sentence')."""
        keep = self.kept(test_set, pair)
        if not any(keep):
            raise self._empty(test_set)
        return keep
