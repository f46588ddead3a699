"""The Python interface: run a tool by id and version (or a batch of such calls), read its
contract, or call a metric directly, by the rules of its contract without the contract's size
limits.

Each name is imported on first use (module ``__getattr__``): a command that needs one function
does not load the others' contracts and kernels. A function named as its module (``wer`` in
``api/wer.py``) stays the function when the module is imported directly (``_Package``)."""

import importlib as _importlib
import sys as _sys
import types as _types
import typing as _typing

if _typing.TYPE_CHECKING:
    from mtcompute.api.bleu import (
        brevity_penalty,
        corpus_bleu,
        ngram_counts,
        sentence_bleu,
        sentence_components,
    )
    from mtcompute.api.chrf import chrf
    from mtcompute.api.chunked import chunked_statistics
    from mtcompute.api.pairwise import (
        mbr_select,
        pairwise_bleu,
        pairwise_bleu_batch,
        pairwise_chrf,
        pairwise_chrf_batch,
    )
    from mtcompute.api.parsing import TextList, TokenList
    from mtcompute.api.parts import (
        chrf_from_statistics,
        corpus_bleu_from_statistics,
        corpus_bleu_statistics,
        ter_from_statistics,
    )
    from mtcompute.api.rouge import rouge
    from mtcompute.api.significance import (
        confidence_interval,
        confidence_interval_from_statistics,
        paired_test,
        paired_test_from_statistics,
    )
    from mtcompute.api.ter import ter
    from mtcompute.api.tokenize import tokenize
    from mtcompute.api.wer import cer, wer
    from mtcompute.helper.process import use_helper_process
    from mtcompute.meta.batch.run import execute_batch
    from mtcompute.meta.execute import describe, execute, execute_answer, resolve_version, tools

_HOMES = {
    "brevity_penalty": "mtcompute.api.bleu",
    "corpus_bleu": "mtcompute.api.bleu",
    "ngram_counts": "mtcompute.api.bleu",
    "sentence_bleu": "mtcompute.api.bleu",
    "sentence_components": "mtcompute.api.bleu",
    "chrf": "mtcompute.api.chrf",
    "chunked_statistics": "mtcompute.api.chunked",
    "mbr_select": "mtcompute.api.pairwise",
    "pairwise_bleu": "mtcompute.api.pairwise",
    "pairwise_bleu_batch": "mtcompute.api.pairwise",
    "pairwise_chrf": "mtcompute.api.pairwise",
    "pairwise_chrf_batch": "mtcompute.api.pairwise",
    "TextList": "mtcompute.api.parsing",
    "TokenList": "mtcompute.api.parsing",
    "chrf_from_statistics": "mtcompute.api.parts",
    "corpus_bleu_from_statistics": "mtcompute.api.parts",
    "corpus_bleu_statistics": "mtcompute.api.parts",
    "ter_from_statistics": "mtcompute.api.parts",
    "rouge": "mtcompute.api.rouge",
    "confidence_interval": "mtcompute.api.significance",
    "confidence_interval_from_statistics": "mtcompute.api.significance",
    "paired_test": "mtcompute.api.significance",
    "paired_test_from_statistics": "mtcompute.api.significance",
    "ter": "mtcompute.api.ter",
    "tokenize": "mtcompute.api.tokenize",
    "cer": "mtcompute.api.wer",
    "wer": "mtcompute.api.wer",
    "use_helper_process": "mtcompute.helper.process",
    "execute_batch": "mtcompute.meta.batch.run",
    "describe": "mtcompute.meta.execute",
    "execute": "mtcompute.meta.execute",
    "execute_answer": "mtcompute.meta.execute",
    "resolve_version": "mtcompute.meta.execute",
    "tools": "mtcompute.meta.execute",
}

__all__ = [
    "TextList",
    "TokenList",
    "brevity_penalty",
    "cer",
    "chrf",
    "chrf_from_statistics",
    "chunked_statistics",
    "confidence_interval",
    "confidence_interval_from_statistics",
    "corpus_bleu",
    "corpus_bleu_from_statistics",
    "corpus_bleu_statistics",
    "describe",
    "execute",
    "execute_answer",
    "execute_batch",
    "mbr_select",
    "ngram_counts",
    "paired_test",
    "paired_test_from_statistics",
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


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'mtcompute.api' has no attribute {name!r}")
    value = getattr(_importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


class _Package(_types.ModuleType):
    """This package, whose functions share their modules' names (``api.wer`` is both): when a
    module of it is imported, Python sets it on the package under its name, and that name must
    stay the function."""

    def __setattr__(self, name: str, value: object) -> None:
        if isinstance(value, _types.ModuleType) and _HOMES.get(name) == value.__name__:
            value = getattr(value, name)
        super().__setattr__(name, value)


_sys.modules[__name__].__class__ = _Package
