from collections.abc import Sequence

UNICODE_TABLES: str

def tokenize_many(texts: Sequence[str], tokenizer: str, lowercase: bool, /) -> list[list[str]]: ...
