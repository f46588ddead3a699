"""sacreBLEU's ``13a`` tokenizer (mteval-v13a, WMT's standard): a few markup clean-ups, then the
punctuation rules of ``regexp`` on the line padded with a space at each end.

The clean-ups, each over the whole line in this order: ``<skipped>`` is removed, a hyphen at a
line break (``-\\n``) is removed, a line break becomes a space, and, where the line holds an
``&``, the entities ``&quot;``, ``&amp;``, ``&lt;`` and ``&gt;`` become ``"``, ``&``, ``<`` and
``>`` one after another (so ``&amp;lt;`` ends as ``<``). A replacement can make a new match that
the same step does not see again: ``<skip<skipped>ped>`` keeps one ``<skipped>``.
"""

from mtcompute.metrics.tokenizers.regexp import separate_punctuation

ENTITIES = (("&quot;", '"'), ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"))


def clean_markup(line: str) -> str:
    """The line with the clean-ups done."""
    line = line.replace("<skipped>", "").replace("-\n", "").replace("\n", " ")
    if "&" in line:
        for entity, character in ENTITIES:
            line = line.replace(entity, character)
    return line


def tokenize_line(line: str) -> str:
    """The line's tokens, separated by single spaces."""
    return separate_punctuation(f" {clean_markup(line)} ")
