"""The BLEU tokenizers by name, and a text's tokens as sacreBLEU 2.6's BLEU scores them.

BLEU lowercases a text where asked, strips its end, tokenizes it into a line of tokens separated
by spaces, and splits that line on whitespace; ``tokenize`` does the same, each step written so
that it cannot change with the Python version (``whitespace``, ``lowercase``).

The rule-based tokenizers (``TOKENIZER_NAMES``) are written here; the multilingual ones
(``MODEL_TOKENIZER_NAMES``: MeCab's and SentencePiece's) run the libraries sacreBLEU runs, which
are extras, loaded on first use: an installation without them, or without the model, refuses the
tokenizer with an ``InputError`` that says what to install or fetch. The rule-based ones and
lowercasing are imported on first use too: their Unicode tables take a command's start-up
longer than many a test set takes to score, and the compiled pass needs none of them.
"""

import importlib
from collections.abc import Callable, Iterable

from mtcompute.metrics.tokenizers.mecab import SETUPS as MECAB_SETUPS
from mtcompute.metrics.tokenizers.mecab import mecab_tokenizer
from mtcompute.metrics.tokenizers.spm import SETUPS as SPM_SETUPS
from mtcompute.metrics.tokenizers.spm import SpmTokenizer, spm_tokenizer
from mtcompute.metrics.tokenizers.whitespace import split_words, strip_end

DEFAULT_TOKENIZER = "13a"


def _no_tokenization(line: str) -> str:
    return line


# The module of each rule-based tokenizer, whose ``tokenize_line`` takes a line and returns its
# tokens separated by spaces; none leaves the line as it is.
_MODULES = {"13a": "thirteen_a", "intl": "intl", "zh": "zh", "char": "char", "none": ""}
# The rule-based tokenizers, which every installation has (and the released contracts list).
TOKENIZER_NAMES = tuple(_MODULES)
# sacreBLEU's tokenizers that run a library and its dictionary or model, in sacreBLEU's order.
MODEL_TOKENIZER_NAMES = (*MECAB_SETUPS, *SPM_SETUPS)
ALL_TOKENIZER_NAMES = (*TOKENIZER_NAMES, *MODEL_TOKENIZER_NAMES)


# sacreBLEU's tokenizer for a target language when none is named (its BLEU._TOKENIZER_MAP).
LANGUAGE_TOKENIZERS = {"zh": "zh", "ja": "ja-mecab", "ko": "ko-mecab"}


def default_tokenizer(target_language: str = "") -> str:
    """The tokenizer sacreBLEU's BLEU picks for ``target_language`` (``-l en-ja``'s ``ja``) when
    none is named: zh, ja-mecab, ko-mecab, else 13a."""
    return LANGUAGE_TOKENIZERS.get(target_language, DEFAULT_TOKENIZER)


def tokenizer_named(name: str) -> Callable[[str], str]:
    """The tokenizer called ``name``: a ValueError that lists the names for an unknown one, an
    ``InputError`` (``tokenizer_unavailable``) for one whose package or model is missing."""
    if name in _MODULES:
        return _line_tokenizer(name)
    if name in MECAB_SETUPS:
        return mecab_tokenizer(name).tokenize_line
    if name in SPM_SETUPS:
        return spm_tokenizer(name).tokenize_line
    known = ", ".join(ALL_TOKENIZER_NAMES)
    raise ValueError(f"unknown tokenizer {name!r}: expected one of {known}")


def check_tokenizer(name: str) -> None:
    """``tokenizer_named``'s refusals, without loading a rule-based tokenizer's module."""
    if name not in _MODULES:
        tokenizer_named(name)


def _line_tokenizer(name: str) -> Callable[[str], str]:
    module = _MODULES[name]
    if not module:
        return _no_tokenization
    tokenize_line: Callable[[str], str] = importlib.import_module(
        f"mtcompute.metrics.tokenizers.{module}"
    ).tokenize_line
    return tokenize_line


def _lowercase(text: str) -> str:
    from mtcompute.metrics.tokenizers.lowercase import lowercase  # noqa: PLC0415 (its tables)

    return lowercase(text)


def tokenizer_signature(name: str) -> str:
    """The ``tok:`` value of sacreBLEU's signature: the name for a rule-based tokenizer, the
    analyser's version for MeCab's (``ja-mecab-0.996-IPA``), the model's name for SentencePiece's
    (``spm`` signs as ``flores101``)."""
    if name in MECAB_SETUPS:
        return mecab_tokenizer(name).signature
    if name in SPM_SETUPS:
        return spm_tokenizer(name).signature
    check_tokenizer(name)
    return name


def tokenizer_model_sha256(name: str) -> str | None:
    """The sha256 of the SentencePiece model file tokenizer ``name`` reads; None for the others."""
    if name in SPM_SETUPS:
        return spm_tokenizer(name).sha256
    check_tokenizer(name)
    return None


def available_tokenizers() -> tuple[str, ...]:
    """The tokenizers this installation can run: the rule-based ones, and each multilingual one
    whose package, dictionary or model is present (loading it now, once)."""
    available = []
    for name in ALL_TOKENIZER_NAMES:
        try:
            tokenizer_named(name)
        except ValueError:  # InputError is one: a package or model missing
            continue
        available.append(name)
    return tuple(available)


def tokenize(text: str, tokenizer: str = DEFAULT_TOKENIZER, lowercase: bool = False) -> list[str]:
    """The tokens that sacreBLEU's ``BLEU(tokenize=tokenizer, lowercase=lowercase)`` scores for
    ``text``."""
    return _tokens(text, tokenizer_named(tokenizer), lowercase)


def tokenize_many(
    texts: Iterable[str], tokenizer: str = DEFAULT_TOKENIZER, lowercase: bool = False
) -> list[list[str]]:
    """``tokenize`` of each text."""
    if tokenizer in SPM_SETUPS:  # a batch is encoded in one call
        return _spm_tokens(list(texts), spm_tokenizer(tokenizer), lowercase)
    line_tokenizer = tokenizer_named(tokenizer)
    return [_tokens(text, line_tokenizer, lowercase) for text in texts]


def _spm_tokens(texts: list[str], model: SpmTokenizer, lowercase: bool) -> list[list[str]]:
    if lowercase:
        texts = [_lowercase(text) for text in texts]
    lines = model.tokenize_lines([strip_end(text) for text in texts])
    return [split_words(line) for line in lines]


def _tokens(text: str, line_tokenizer: Callable[[str], str], lowercase: bool) -> list[str]:
    if lowercase:
        text = _lowercase(text)
    return split_words(line_tokenizer(strip_end(text)))
