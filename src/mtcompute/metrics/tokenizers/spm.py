"""sacreBLEU's SentencePiece tokenizers (``flores101``, ``flores200``, ``spBLEU-1K`` and ``spm``,
which is ``flores101``): a line's pieces (``EncodeAsPieces``), separated by spaces.

The model is the file sacreBLEU keeps in ``$SACREBLEU/models/`` (``~/.sacrebleu`` when the
variable is not set), under the name sacreBLEU gives it, so that a user who ran sacreBLEU once
with the tokenizer already has it. Nothing is downloaded: a missing model is an error naming the
path and the sacreBLEU command that fetches it. ``sentencepiece`` (``pip install
'mtcompute[spm]'``) is imported only when a model is first loaded, and each model file is loaded
once per process (sacreBLEU 2.6 loads it again for every ``sentence_bleu`` call); its sha256
names the exact model a score was made with.
"""

from __future__ import annotations

import functools
import os
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pathlib loads when a model is looked for: a short run's start-up
    from pathlib import Path

from mtcompute.metrics.tokenizers.mecab import unavailable


@dataclass(frozen=True)
class SpmSetup:
    """One SentencePiece tokenizer: its name, the model's file name in sacreBLEU's cache, and
    the name its signature gives (``spm`` signs as ``flores101``, whose model it uses)."""

    name: str
    file_name: str
    signature: str


SETUPS = {
    setup.name: setup
    for setup in (
        SpmSetup("spm", "sacrebleu_tokenizer_spm.model", "flores101"),
        SpmSetup("flores101", "sacrebleu_tokenizer_spm.model", "flores101"),
        SpmSetup("flores200", "flores200sacrebleuspm", "flores200"),
        SpmSetup("spBLEU-1K", "spbleu-1k_tokenizer_spm.model", "spBLEU-1K"),
    )
}


def sacrebleu_folder() -> Path:
    """sacreBLEU's cache: ``$SACREBLEU``, else ``~/.sacrebleu``."""
    from pathlib import Path  # noqa: PLC0415

    return Path(os.environ.get("SACREBLEU", os.path.join(os.path.expanduser("~"), ".sacrebleu")))


def model_path(name: str) -> Path:
    """Where sacreBLEU keeps the model of tokenizer ``name``."""
    return sacrebleu_folder() / "models" / SETUPS[name].file_name


class SpmTokenizer:
    """A loaded SentencePiece model; ``tokenize_line`` is sacreBLEU's tokenizer call."""

    def __init__(self, name: str, path: Path) -> None:
        self.name = name
        self.path = path
        self.signature = SETUPS[name].signature
        # spm and flores101 read one file: it is loaded once for both.
        self._encode, self.sha256 = _MODELS.get(path) or self._load(name, path)
        _MODELS[path] = self._encode, self.sha256

    @staticmethod
    def _load(name: str, path: Path) -> tuple[Any, str]:
        try:
            import sentencepiece  # noqa: PLC0415 - an extra, imported where it is used
        except ImportError:
            raise unavailable(
                name,
                f"the {name} tokenizer needs sentencepiece, which is not installed: "
                "pip install 'mtcompute[spm]'",
            ) from None
        try:
            data = path.read_bytes()
        except OSError:
            raise unavailable(
                name,
                f"the {name} tokenizer's model is not at {path}: sacreBLEU fetches it there "
                f"with `echo x | sacrebleu x -tok {name}` (the folder is $SACREBLEU/models, "
                "~/.sacrebleu/models when SACREBLEU is not set)",
            ) from None
        processor: Any = sentencepiece.SentencePieceProcessor()
        try:
            processor.LoadFromSerializedProto(data)
        except (OSError, RuntimeError):
            raise unavailable(
                name, f"the {name} tokenizer's model at {path} is not a SentencePiece model"
            ) from None
        import hashlib  # noqa: PLC0415 (with a model only: OpenSSL's bindings take a while)

        return processor.Encode, hashlib.sha256(data).hexdigest()

    def tokenize_line(self, line: str) -> str:
        """The line's pieces (``EncodeAsPieces``), separated by spaces."""
        return " ".join(self._encode(line, out_type=str))

    def tokenize_lines(self, lines: list[str]) -> list[str]:
        """``tokenize_line`` of each line: a batch encoded in one call, in this thread (a
        batch's thread pool costs more than it saves on a few lines, and score's workers already
        use every core)."""
        if len(lines) == 1:
            return [self.tokenize_line(lines[0])]
        encoded = self._encode(lines, out_type=str, num_threads=1)
        return [" ".join(pieces) for pieces in encoded]


_LOCK = threading.Lock()
# Each model file's encoder and sha256, loaded once.
_MODELS: dict[Path, tuple[Any, str]] = {}
# The tokenizers made, by name and $SACREBLEU: a call finds its model without touching a path.
_MADE: dict[tuple[str, str | None], SpmTokenizer] = {}


def spm_tokenizer(name: str) -> SpmTokenizer:
    """The process's tokenizer ``name``, its model loaded from sacreBLEU's cache on first use
    (again only if ``$SACREBLEU`` now points elsewhere)."""
    key = (name, os.environ.get("SACREBLEU"))
    made = _MADE.get(key)
    if made is None:
        if name not in SETUPS:
            raise KeyError(name)
        made = _MADE[key] = _loaded(name, model_path(name))
    return made


@functools.cache
def _loaded(name: str, path: Path) -> SpmTokenizer:
    with _LOCK:
        return SpmTokenizer(name, path)
