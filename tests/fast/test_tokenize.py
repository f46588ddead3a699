"""The tokenizers on many texts give sacreBLEU 2.6's tokens on the compiled pass
(``_tokenize.c``) and on the pure-Python oracle alike."""

import gc
import hashlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtcompute.fast import compiled
from mtcompute.fast.tokenize import tokenize_many, tokenize_unicode
from mtcompute.metrics import tokenizers
from tests.metrics.tokenizers.sacrebleu_tokens import (
    CLASS_ALPHABETS,
    PYTHON_LOWERCASE_IS_OURS,
    SETTINGS,
    assigned_code_points,
    code_point_texts,
    comparable,
    every_code_point_texts,
    sacrebleu_tokens,
    short_strings,
    texts,
)

# SHA-256 of the tokens of every code point (assigned or not) in every context, recorded on
# Python 3.11, where they are sacreBLEU's: any other Python must give the same tokens.
EVERY_CODE_POINT_DIGESTS = {
    ("13a", False): "e91b7e8a668b15c35dc8bb8f9154f85a7bc66fda4d6c2c94d243ded938057f6b",
    ("13a", True): "98b62c2490bdd2854de33831101394ef058b39fd138df2f95677bb574b15d092",
    ("intl", False): "52f65ccdc2ed5805940a07e24a626b954e6d8f1fb3c85730d434102f38060539",
    ("intl", True): "bdc66692a35067616f82626b37422024f1ddfcb1eba07786acc346e6ce68e0b0",
    ("zh", False): "6a0a95f007478c6edd8d20fe95c071876bc0f7db3a5cbcc02a043a84a802346c",
    ("zh", True): "6bf03fd54dde41eed8167623e3cc928938792b5708e6635a386d064b0b0595d3",
    ("char", False): "a2cde0b0a4f5641c09b6aef1c8bf32cc83ef7bf254671577740bd1931ec6b0de",
    ("char", True): "06962899862fb2b48545d9c3fcb84380b8b6370d73cbf3e1e2949737955c098d",
    ("none", False): "55dc256d6bc35ddc39a9436d94fa55bab19328ef83f22caba9721e9f6e2f92fa",
    ("none", True): "28ad51e4af5dacf0d0774ed3ed9cf569cb5b00fcc74e10cb17c901281808b7f5",
}


@pytest.fixture(params=["compiled", "pure Python"])
def path(request: pytest.FixtureRequest) -> str:
    """Each test runs on the compiled pass where it was built, and on the oracle."""
    if request.param == "compiled" and compiled.tokenize_many is None:
        pytest.skip("the compiled pass was not built")
    if request.param == "pure Python":
        request.getfixturevalue("pure_python")
    return str(request.param)


def digest(tokens: list[list[str]]) -> str:
    joined = "\n".join("\x00".join(line) for line in tokens)
    return hashlib.sha256(joined.encode("utf-8", "surrogatepass")).hexdigest()


@pytest.mark.parametrize(("tokenizer", "lowercase"), SETTINGS)
# The path fixture patches the module once for all examples, as it should.
@settings(max_examples=200, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(batch=st.lists(texts, max_size=4))
def test_any_texts_are_tokenized_as_sacrebleu_does(
    path: str, tokenizer: str, lowercase: bool, batch: list[str]
) -> None:
    if comparable(lowercase):
        expected = [sacrebleu_tokens(text, tokenizer, lowercase) for text in batch]
        assert tokenize_many(batch, tokenizer, lowercase) == expected


@pytest.mark.parametrize("tokenizer", CLASS_ALPHABETS)
def test_every_short_string_of_the_rule_classes_is_tokenized_as_sacrebleu_does(
    path: str, tokenizer: str
) -> None:
    strings = list(short_strings(CLASS_ALPHABETS[tokenizer], 5))
    expected = [sacrebleu_tokens(text, tokenizer, False) for text in strings]
    assert tokenize_many(strings, tokenizer) == expected


@pytest.mark.slow
@pytest.mark.parametrize("tokenizer", ["13a", "intl", "zh"])
def test_every_string_of_seven_rule_classes_is_tokenized_as_sacrebleu_does(
    tokenizer: str,
) -> None:
    strings = list(short_strings(CLASS_ALPHABETS[tokenizer], 7))
    expected = [sacrebleu_tokens(text, tokenizer, False) for text in strings]
    assert tokenize_many(strings, tokenizer) == expected


@pytest.mark.parametrize("tokenizer", ["13a", "intl"])
def test_every_assigned_code_point_in_context_is_tokenized_as_sacrebleu_does(
    tokenizer: str,
) -> None:
    if compiled.tokenize_many is None:
        pytest.skip("the compiled pass was not built; the oracle's own test covers it")
    batch = code_point_texts(assigned_code_points())
    expected = [sacrebleu_tokens(text, tokenizer, False) for text in batch]
    assert tokenize_many(batch, tokenizer) == expected


@pytest.mark.skipif(not PYTHON_LOWERCASE_IS_OURS, reason="Python 3.11's str.lower() is the table")
def test_every_code_point_in_context_lowercases_as_python_311_does() -> None:
    batch = every_code_point_texts()
    assert tokenize_many(batch, "none", lowercase=True) == [text.lower().split() for text in batch]


@pytest.mark.slow
@pytest.mark.parametrize(("tokenizer", "lowercase"), SETTINGS)
def test_the_compiled_tokens_of_every_code_point_are_the_oracles(
    tokenizer: str, lowercase: bool
) -> None:
    if compiled.tokenize_many is None:
        pytest.skip("the compiled pass was not built")
    batch = every_code_point_texts()
    expected = tokenizers.tokenize_many(batch, tokenizer, lowercase)
    assert compiled.tokenize_many(batch, tokenizer, lowercase) == expected


@pytest.mark.slow
@pytest.mark.parametrize(("tokenizer", "lowercase"), SETTINGS)
def test_every_code_point_is_tokenized_as_on_python_311(tokenizer: str, lowercase: bool) -> None:
    if compiled.tokenize_many is None:
        pytest.skip("the compiled pass was not built; the slow test holds it to the oracle")
    batch = every_code_point_texts()
    tokens = tokenize_many(batch, tokenizer, lowercase)
    assert digest(tokens) == EVERY_CODE_POINT_DIGESTS[tokenizer, lowercase]


def test_tokens_of_every_string_kind_are_canonical_str(path: str) -> None:
    found = tokenize_many(["a \u00e9 \u4e2d \U0001f600", "\u4e2d a.", "\U0001f600 a"], "13a")
    assert found == [
        ["a", "\u00e9", "\u4e2d", "\U0001f600"],
        ["\u4e2d", "a", "."],
        ["\U0001f600", "a"],
    ]
    assert all(type(token) is str for tokens in found for token in tokens)
    assert found[1][1] == "a"
    assert hash(found[1][1]) == hash("a")
    assert found[1][1].isascii()


def test_an_unknown_tokenizer_is_a_value_error_on_either_path(path: str) -> None:
    with pytest.raises(ValueError, match="unknown tokenizer 'moses'"):
        tokenize_many(["a"], "moses")


def test_a_text_that_is_not_a_str_is_a_type_error(path: str) -> None:
    with pytest.raises((TypeError, AttributeError)):
        tokenize_many(["a", b"b"], "13a")  # type: ignore[list-item]


def test_no_texts_have_no_tokens(path: str) -> None:
    assert tokenize_many([], "intl", True) == []
    assert tokenize_many(["", " \u3000 "], "zh") == [[], []]


# ASCII texts take their own way through the compiled pass: read in place, tokens keyed by up to
# 8 bytes. Tokens around 8 bytes long, NUL inside tokens, lines that end within 8 bytes of a
# token's start, 13a's markup (which sends a text the general way) and batches large enough for
# the larger table of recent tokens.
_ascii_texts = st.text(alphabet="aAbB.,-0 1\x00\t;<&\n", max_size=40)
_long_words = st.sampled_from(
    ["abcdefg", "abcdefgh", "abcdefghi", "abcdefgh\x00", "abcdefghij" * 3, "x", "x\x00", "é"]
)
_word_texts = st.lists(_long_words, max_size=12).map(" ".join)


@pytest.mark.parametrize(("tokenizer", "lowercase"), SETTINGS)
@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(batch=st.lists(st.one_of(_ascii_texts, _word_texts), max_size=90))
def test_ascii_texts_and_their_recent_tokens_are_the_oracles(
    path: str, tokenizer: str, lowercase: bool, batch: list[str]
) -> None:
    expected = tokenizers.tokenize_many(batch, tokenizer, lowercase)
    assert tokenize_many(batch, tokenizer, lowercase) == expected
    assert tokenize_many(batch * 2, tokenizer, lowercase) == expected * 2  # tokens met before


def test_the_token_lists_are_not_tracked_by_the_garbage_collector(path: str) -> None:
    # Lists of str cannot be in a cycle: untracked, 100,000 of them cost no collection's walk.
    tokens = tokenize_many(["Hello, world.", "Grüße aus Köln!"], "13a")
    if path == "compiled":
        assert not any(gc.is_tracked(line) for line in tokens)
    assert tokens == [["Hello", ",", "world", "."], ["Grüße", "aus", "Köln", "!"]]


@pytest.mark.parametrize("tokenizer", ["13a", "intl", "zh", "char", "none"])
def test_tokenize_unicode_gives_the_tokens_of_tokenize_many(path: str, tokenizer: str) -> None:
    batch = ["Hello, world.", "Grüße, 3.5 «Köln»!", "Жы — 你好", "\U0001d518\U0001d52b code"]
    assert tokenize_unicode(batch, tokenizer) == tokenize_many(batch, tokenizer)


@pytest.mark.parametrize("text", ["\ud800", "ab\udfff", "Жы\udc80", "\U0001d518\ud83d"])
def test_tokenize_unicode_refuses_a_lone_surrogate_and_says_which_text(
    path: str, text: str
) -> None:
    with pytest.raises(ValueError, match="text 1 holds a lone surrogate"):
        tokenize_unicode(["fine", text], "13a")


def test_tokenize_unicode_refuses_a_text_that_is_not_a_str(path: str) -> None:
    with pytest.raises(TypeError, match="text 1 is int, not str"):
        tokenize_unicode(["fine", 3], "13a")  # type: ignore[list-item]
