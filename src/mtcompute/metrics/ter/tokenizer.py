"""Tercom's normalizer, as sacreBLEU's ``TercomTokenizer`` applies it: a text becomes the words
that TER aligns.

The patterns below are the rules themselves, kept character for character, quirks included:
Python's ``re`` reads them, and a rewrite into tidier classes would risk a different set of
characters. The text is stripped at its end first, as sacreBLEU's ``TER`` does before it
tokenizes.

sacreBLEU's ``TER.corpus_score`` (and ``sentence_score``, and the references given to its
constructor) tokenizes each *reference* twice: ``Metric._cache_references`` preprocesses every
reference line, then ``TER._extract_reference_info`` preprocesses the result again; a hypothesis
is tokenized once. Without ``normalized`` a second pass changes nothing (lowercasing, punctuation
removal and joining at single spaces are idempotent), but with it the second pass sees the first
one's output joined at single spaces, and rules that need a space, or that the first pass's
splits set off, fire again: ``it's<TAB>x`` becomes ``it's x`` and then ``it 's x``; ``it's.``
becomes ``it's .`` and then ``it 's .``. ``reference_words`` applies that second pass.
"""

import re

from mtcompute.metrics.ter.options import TerOptions

Rule = tuple[re.Pattern[str], str, tuple[str, ...]]

_ASIAN_PUNCTUATION = "([\u3001\u3002\u3008-\u3011\u3014-\u301f\uff61-\uff65\u30fb])"
_FULL_WIDTH_PUNCTUATION = "([\uff0e\uff0c\uff1f\uff1a\uff1b\uff01\uff02\uff08\uff09])"


def _rules(*rules: tuple[str, str] | tuple[str, str, tuple[str, ...]]) -> tuple[Rule, ...]:
    """Each rule is (pattern, replacement) and, where the pattern cannot match without one of
    them, the strings a text must hold for the rule to be tried at all (a shortcut, never a
    change: a pattern that cannot match leaves the text as it is)."""
    return tuple(
        (re.compile(rule[0]), rule[1], rule[2] if len(rule) == 3 else ()) for rule in rules
    )


# Language-independent: join lines (dropping end-of-line hyphenation), unescape XML.
_GENERAL = _rules(
    (r"\n-", "", ("\n",)),
    (r"\n", " ", ("\n",)),
    (r"&quot;", '"', ("&",)),
    (r"&amp;", "&", ("&",)),
    (r"&lt;", "<", ("&",)),
    (r"&gt;", ">", ("&",)),
)
# Most ASCII punctuation stands alone: the first Western rule, applied to the text padded with
# a space on both sides. It sets off single characters, so it is applied as the same mapping
# of each character it matches to that character between spaces (all of them are ASCII).
_SET_OFF_PUNCTUATION = re.compile(r"([{-~[-` -&(-+:-@/])")
_SET_OFF_TABLE = {
    code: f" {chr(code)} " for code in range(128) if _SET_OFF_PUNCTUATION.fullmatch(chr(code))
}
# The rest of the Western tokenization.
_WESTERN = _rules(
    (r"'s ", r" 's ", ("'s",)),  # possessives
    (r"'s$", r" 's", ("'s",)),
    (r"([^0-9])([\.,])", r"\1 \2 ", (".", ",")),  # period and comma, unless after a digit
    (r"([\.,])([^0-9])", r" \1 \2", (".", ",")),  # ... or unless before a digit
    (r"([0-9])(-)", r"\1 \2 ", ("-",)),  # a dash after a digit
)
# Every character the Asian rules react to lies in this block: a text without one is left as
# it is by all of them.
_ASIAN_BLOCK = re.compile("[\u2e80-\uffef]")
_ASIAN = _rules(
    (r"([\u4e00-\u9fff\u3400-\u4dbf])", r" \1 "),  # CJK unified ideographs (and extension A)
    (r"([\u31c0-\u31ef\u2e80-\u2eff])", r" \1 "),  # CJK strokes, radicals supplement
    (r"([\u3300-\u33ff\uf900-\ufaff\ufe30-\ufe4f])", r" \1 "),  # CJK compatibility blocks
    (r"([\u3200-\u3f22])", r" \1 "),  # enclosed CJK letters and months (and beyond, as written)
    # Hiragana, katakana and its phonetic extensions; the "^" inside the groups are as written.
    (r"(^|^[\u3040-\u309f])([\u3040-\u309f]+)(?=$|^[\u3040-\u309f])", r"\1 \2 "),
    (r"(^|^[\u30a0-\u30ff])([\u30a0-\u30ff]+)(?=$|^[\u30a0-\u30ff])", r"\1 \2 "),
    (r"(^|^[\u31f0-\u31ff])([\u31f0-\u31ff]+)(?=$|^[\u31f0-\u31ff])", r"\1 \2 "),
    (_ASIAN_PUNCTUATION, r" \1 "),
    (_FULL_WIDTH_PUNCTUATION, r" \1 "),
)
_PUNCTUATION = _rules((r"[\.,\?:;!\"\(\)]", ""))
_ASIAN_ONLY_PUNCTUATION = _rules((_ASIAN_PUNCTUATION, ""), (_FULL_WIDTH_PUNCTUATION, ""))


def _apply(rules: tuple[Rule, ...], text: str) -> str:
    for pattern, replacement, needs in rules:
        if needs:
            for part in needs:
                if part in text:
                    break
            else:
                continue  # the text holds none of them: the pattern cannot match
        text = pattern.sub(replacement, text)
    return text


def normalized_text(text: str, options: TerOptions) -> str:
    """The text after case folding, normalization and punctuation removal, before it is split."""
    text = text.rstrip()
    if not options.case_sensitive:
        text = text.lower()
    if options.normalized:
        text = " " + _apply(_GENERAL, text) + " "
        text = _apply(_WESTERN, text.translate(_SET_OFF_TABLE))
        if options.asian_support and _ASIAN_BLOCK.search(text):
            text = _apply(_ASIAN, text)
    if options.no_punct:
        text = _apply(_PUNCTUATION, text)
        if options.asian_support and _ASIAN_BLOCK.search(text):
            text = _apply(_ASIAN_ONLY_PUNCTUATION, text)
    return text


def tercom_words(text: str, options: TerOptions) -> list[str]:
    """A hypothesis's words, the words TER aligns: the normalized text split at whitespace (every
    character ``str.split`` counts as one)."""
    return normalized_text(text, options).split()


def reference_words(text: str, options: TerOptions) -> list[str]:
    """A reference's words as sacreBLEU's ``TER`` gives them: tokenized, joined at single spaces
    and, with ``normalized``, tokenized again (without it the second pass is the identity)."""
    words = tercom_words(text, options)
    if options.normalized and words:
        return tercom_words(" ".join(words), options)
    return words
