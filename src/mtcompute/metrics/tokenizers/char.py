"""sacreBLEU's ``char`` tokenizer: every character (code point) is a token of its own."""


def tokenize_line(line: str) -> str:
    """The line's characters, separated by single spaces."""
    return " ".join(line)
