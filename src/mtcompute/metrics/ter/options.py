"""What a TER computation is asked for: the options of sacreBLEU's tercom tokenizer."""

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TerOptions:
    """sacreBLEU's ``TER(...)`` options, with its defaults.

    ``normalized`` splits punctuation as tercom's normalizer does (and, with ``asian_support``,
    CJK text into characters); ``no_punct`` removes punctuation (with ``asian_support``, CJK and
    full-width punctuation too); ``case_sensitive`` False lowercases every text.
    """

    normalized: bool = False
    no_punct: bool = False
    asian_support: bool = False
    case_sensitive: bool = False
