"""The public surface of the package, pinned: a change here is a change to the library's API."""

from types import ModuleType

import mtcompute

PUBLIC = [
    "BleuResult",
    "BleuStatistics",
    "BrevityPenaltyResult",
    "ChrfResult",
    "ChrfSegment",
    "ChrfStatistics",
    "ChrfWords",
    "InputError",
    "MalformedJsonError",
    "MtcomputeError",
    "NgramCountsResult",
    "NgramSegment",
    "SentenceBleuResult",
    "SentenceComponents",
    "ServiceError",
    "UnknownToolError",
    "Violation",
    "brevity_penalty",
    "chrf",
    "corpus_bleu",
    "describe",
    "execute",
    "execute_batch",
    "ngram_counts",
    "sentence_bleu",
    "sentence_components",
    "tools",
    "use_helper_process",
]


def test_the_public_names_are_pinned_and_sorted() -> None:
    assert mtcompute.__all__ == PUBLIC
    assert sorted(mtcompute.__all__) == mtcompute.__all__


def test_every_public_name_is_importable_from_the_package() -> None:
    for name in mtcompute.__all__:
        assert getattr(mtcompute, name) is not None, name


def test_nothing_else_public_is_exported_by_accident() -> None:
    exported = {
        name
        for name, value in vars(mtcompute).items()
        if not name.startswith("_") and not isinstance(value, ModuleType)
    }
    assert exported == set(PUBLIC)
