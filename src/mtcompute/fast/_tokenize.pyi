from collections.abc import Sequence

UNICODE_TABLES: str

def tokenize_many(texts: Sequence[str], tokenizer: str, lowercase: bool, /) -> list[list[str]]: ...
def tokenize_unicode(
    texts: Sequence[str], tokenizer: str, lowercase: bool, /
) -> list[list[str]]: ...
def corpus_statistics(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str | None]],
    streams: bool,
    tokenizer: str,
    lowercase: bool,
    max_order: int,
    /,
) -> tuple[tuple[int, ...], tuple[int, ...], int, int]: ...
def sentence_lines(
    hypotheses: Sequence[str],
    streams: Sequence[Sequence[str]],
    tokenizer: str,
    lowercase: bool,
    max_order: int,
    method: int,
    value: float,
    head: str,
    decimals: int,
    verbose: bool,
    /,
) -> list[str]: ...
