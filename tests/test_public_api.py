"""The public surface of the package, pinned: a change here is a change to the library's API."""

import subprocess
import sys
from types import ModuleType

import mtcompute

PUBLIC = [
    "BleuResult",
    "BleuStatistics",
    "BrevityPenaltyResult",
    "CerResult",
    "ChrfResult",
    "ChrfSegment",
    "ChrfStatistics",
    "ChrfWords",
    "Client",
    "EditStatistics",
    "InputError",
    "InvalidBaseUrlError",
    "MalformedJsonError",
    "MbrSelection",
    "MtcomputeError",
    "NgramCountsResult",
    "NgramSegment",
    "RougeResult",
    "SentenceBleuResult",
    "SentenceComponents",
    "ServiceError",
    "SignificanceResult",
    "SystemScore",
    "TerResult",
    "TerStatistics",
    "TextList",
    "TokenList",
    "UnknownToolError",
    "Violation",
    "WerResult",
    "__version__",
    "brevity_penalty",
    "cer",
    "chrf",
    "chrf_from_statistics",
    "confidence_interval",
    "corpus_bleu",
    "corpus_bleu_from_statistics",
    "corpus_bleu_statistics",
    "describe",
    "execute",
    "execute_batch",
    "mbr_select",
    "ngram_counts",
    "paired_test",
    "pairwise_bleu",
    "pairwise_bleu_batch",
    "pairwise_chrf",
    "pairwise_chrf_batch",
    "resolve_version",
    "rouge",
    "sentence_bleu",
    "sentence_components",
    "ter",
    "ter_from_statistics",
    "tokenize",
    "tools",
    "use_helper_process",
    "wer",
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
    # Client is imported on first use; __version__ is public though it starts with "_".
    assert exported | {"Client", "__version__"} == set(PUBLIC)


def test_importing_the_package_loads_neither_the_server_stack_nor_the_http_client() -> None:
    code = (
        "import sys, mtcompute, mtcompute.cli.group\n"
        "heavy = {'starlette', 'uvicorn', 'mcp', 'jinja2', 'httpx'}\n"
        "print(sorted(heavy & {name.split('.')[0] for name in sys.modules}))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert loaded.stdout == "[]\n"


def test_the_client_is_there_on_first_use() -> None:
    from mtcompute.remote.client import Client  # noqa: PLC0415

    assert mtcompute.Client is Client


def test_a_function_named_as_its_module_stays_the_function_once_the_module_is_imported() -> None:
    program = (
        "import importlib, mtcompute\n"
        "for name in ('chrf', 'ter', 'wer', 'rouge', 'tokenize'):\n"
        "    importlib.import_module(f'mtcompute.api.{name}')\n"
        "    assert callable(getattr(mtcompute.api, name)), name\n"
        "    assert callable(getattr(mtcompute, name)), name\n"
    )
    subprocess.run([sys.executable, "-c", program], check=True)
