"""``score -t SET -l PAIR`` reads the test set sacreBLEU has processed into its cache, the same
files: the cache here is made by sacreBLEU's own processing (its ``FakeSGMLDataset``) of small
raw WMT17 SGML files the test writes, offline (a non-empty archive in ``raw/`` stands for the
download, which sacreBLEU then skips). Each command line gives sacreBLEU's output but the
version part; a set or pair not in the cache is exit 2 naming the command that fetches it."""

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from mtcompute.cli import testsets
from mtcompute.cli.group import cli
from tests.cli.test_score_dropin import _normalized

_WORDS = ("the", "house", "is", "small", "Haus", "ist", "klein", "a", "cat", "ä", "(1)", "U.S.")


def _sgml(path: Path, documents: list[tuple[str, list[str]]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = ['<srcset setid="newstest2017" srclang="any">']
    for k, (origlang, segments) in enumerate(documents):
        lines.append(f'<doc sysid="ref" docid="doc{k}" genre="news" origlang="{origlang}">')
        lines += [f'<seg id="{n}">{text}</seg>' for n, text in enumerate(segments, start=1)]
        lines.append("</doc>")
    path.write_text("\n".join([*lines, "</srcset>", ""]), encoding="utf-8")


def _xml(
    path: Path,
    documents: list[tuple[str, str, list[str], list[str]]],
    languages: tuple[str, str] = ("en", "de"),
    translators: tuple[str, ...] = ("refA",),
) -> None:
    """A WMT XML test set (2021 on): each document's origlang, domain, source and reference
    (each translator's: the first's words, the others' reversed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = ['<dataset id="wmttest">', '<collection id="general">']
    source, target = languages
    for k, (origlang, domain, sources, references) in enumerate(documents):
        lines.append(f'<doc id="doc{k}" origlang="{origlang}" domain="{domain}">')
        refs = [
            (f'ref lang="{target}" translator="{name}"', [t[:: -1 if n else 1] for t in references])
            for n, name in enumerate(translators)
        ]
        for side, texts in ((f'src lang="{source}"', sources), *refs):
            segments = [f'<seg id="{n}">{text}</seg>' for n, text in enumerate(texts, start=1)]
            lines += [f"<{side}><p>", *segments, f"</p></{side.split()[0]}>"]
        lines.append("</doc>")
    path.write_text("\n".join([*lines, "</collection>", "</dataset>", ""]), encoding="utf-8")


def _text(rng: random.Random) -> str:
    return " ".join(rng.choice(_WORDS) for _ in range(rng.randint(2, 9)))


_ARCHIVES = {"wmt17": "test.tgz", "wmt17/tworefs": "test.tgz", "wmt19": "test.tgz"}
_ARCHIVES |= {"wmt23": "v.0.1.tar.gz", "wmt22": "v1.1.tar.gz"}
_SGML_FILES = {
    "wmt17": ["newstest2017-ende-src.en.sgm", "newstest2017-ende-ref.de.sgm"],
    "wmt17/tworefs": [
        "newstest2017-enfi-src.en.sgm",
        "newstest2017-enfi-ref.fi.sgm",
        "newstestB2017-enfi-ref.fi.sgm",
    ],
    "wmt19": ["sgm/newstest2019-ende-src.en.sgm", "sgm/newstest2019-ende-ref.de.sgm"],
}
_WMT23 = "wmt23-news-systems-v.0.1/xml/wmttest2023.en-de.all.xml"
# Two translators, of which sacreBLEU scores cs-en against B only.
_WMT22 = "wmt22-news-systems-1.1/xml/wmttest2022.cs-en.all.xml"
_DOMAINS = ("news", "social", "speech")


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A sacreBLEU cache holding wmt17 en-de, wmt17/tworefs en-fi, wmt19 en-de (SGML) and wmt23
    en-de (XML, with domains), processed by sacreBLEU."""
    root = tmp_path_factory.mktemp("sacrebleu")
    rng = random.Random(17)
    sizes = (4, 6, 5)
    for name, archive in _ARCHIVES.items():
        raw = root / name / "raw"
        raw.mkdir(parents=True)
        (raw / f"{name.replace('/', '_')}.{archive}").write_bytes(b"fetched")
    for name, names in _SGML_FILES.items():
        folder = "" if name == "wmt19" else "test"
        for file in names:
            documents = [(rng.choice(["en", "de"]), [_text(rng) for _ in range(n)]) for n in sizes]
            _sgml(root / name / "raw" / folder / file, documents)
    xml_documents = [
        (rng.choice(["en", "de"]), _DOMAINS[k % 3], [_text(rng) for _ in range(n)])
        for k, n in enumerate((3, 5, 4, 2, 6))
    ]
    _xml(
        root / "wmt23" / "raw" / _WMT23,
        [(*one, [_text(rng) for _ in one[2]]) for one in xml_documents],
    )
    for name, pair in (("wmt17", "en-de"), ("wmt17/tworefs", "en-fi"), ("wmt19", "en-de")):
        _sacrebleu(root, "-t", name, "-l", pair, "--echo", "src")
    _sacrebleu(root, "-t", "wmt23", "-l", "en-de", "--echo", "src")
    wmt22 = [(*one, [_text(rng) for _ in one[2]]) for one in xml_documents]
    _xml(root / "wmt22" / "raw" / _WMT22, wmt22, ("cs", "en"), ("A", "B"))
    _sacrebleu(root, "-t", "wmt22", "-l", "cs-en", "--echo", "src")
    return root


def _sacrebleu(root: Path, *args: str, stdin: bytes = b"") -> str:
    sacrebleu = Path(sys.executable).with_name("sacrebleu")
    environment = {**os.environ, "SACREBLEU": str(root), "NO_COLOR": "1"}
    done = subprocess.run(
        [str(sacrebleu), *args, "-q"],
        input=stdin,
        capture_output=True,
        env=environment,
        check=True,
    )
    return done.stdout.decode("utf-8")


def _ours(root: Path, *args: str, stdin: bytes = b"") -> Result:
    environment = {"SACREBLEU": str(root)}
    return CliRunner().invoke(
        cli, ["score", *args, "-q", "--jobs", "1"], input=stdin, env=environment
    )


def _hypotheses(root: Path, test_set: str, pair: str) -> bytes:
    rng = random.Random(3)
    references = _sacrebleu(root, "-t", test_set, "-l", pair, "--echo", "ref").splitlines()
    edited = [" ".join(w for w in line.split() if rng.random() > 0.2) for line in references]
    return "".join(f"{line}\n" for line in edited).encode("utf-8")


def test_the_cache_holds_what_sacrebleu_made(cache: Path) -> None:
    assert (cache / "wmt17" / "wmt17.en-de.ref").is_file()
    assert (cache / "wmt17" / "tworefs" / "wmt17_tworefs.en-fi.ref-1").is_file()


@pytest.mark.slow
@pytest.mark.parametrize(
    "args",
    [
        ("-t", "wmt17", "-l", "en-de"),
        ("-t", "wmt17", "-l", "en-de", "-m", "bleu", "chrf", "ter", "-f", "text"),
        ("-t", "wmt17", "-l", "en-de", "-sl", "-m", "chrf"),
        ("-t", "wmt17/tworefs", "-l", "en-fi", "-m", "bleu", "chrf"),
        ("-t", "wmt17", "-l", "en-zh", "-f", "text"),
        ("-t", "wmt17", "-l", "en-de", "-ol", "de"),
        ("-t", "wmt17", "-l", "en-de", "-ol", "non-de", "-m", "bleu", "chrf", "-f", "text"),
        ("-t", "wmt17", "-l", "en-de", "--origlang", "en", "-sl"),
        ("-t", "wmt17/tworefs", "-l", "en-fi", "-ol", "non-en", "-m", "ter"),
        ("-t", "wmt23", "-l", "en-de"),
        ("-t", "wmt23", "-l", "en-de", "--subset", "news"),
        ("-t", "wmt23", "-l", "en-de", "--subset", "news|speech", "-ol", "en", "-f", "text"),
        ("-t", "wmt23", "-l", "en-de", "--subset", "country:soc", "-m", "chrf", "ter"),
        ("-t", "wmt23", "-l", "en-de", "-ol", "non-en", "-b"),
        ("-t", "wmt22", "-l", "cs-en"),
        ("-t", "wmt22", "-l", "cs-en", "-m", "chrf", "ter", "-f", "text"),
        ("-t", "wmt17", "-l", "en-de", "-d"),
        ("-t", "wmt17", "-l", "en-de", "-d", "-m", "ter", "chrf", "-w", "2"),
        ("-t", "wmt17/tworefs", "-l", "en-fi", "--detail", "-m", "bleu", "chrf"),
        ("-t", "wmt23", "-l", "en-de", "-d"),
        ("-t", "wmt23", "-l", "en-de", "-d", "--subset", "news", "-m", "chrf", "bleu"),
        ("-t", "wmt23", "-l", "en-de", "-d", "--subset", "country:s", "-m", "ter"),
    ],
)
def test_a_cached_test_set_scores_as_sacrebleu_scores_it(
    cache: Path, args: tuple[str, ...]
) -> None:
    test_set, pair = args[1], args[3]
    hypotheses = _hypotheses(cache, test_set, "en-de" if pair == "en-zh" else pair)
    if pair == "en-zh":  # not cached: both refuse, and nothing is fetched
        result = _ours(cache, *args, stdin=hypotheses)
        assert result.exit_code == 2
        assert "sacrebleu -t wmt17 -l en-zh --echo src" in result.stderr
        assert not any((cache / "wmt17").glob("*en-zh*"))
        return
    theirs = _sacrebleu(cache, *args, stdin=hypotheses)
    ours = _ours(cache, *args, stdin=hypotheses)
    assert ours.exit_code == 0, ours.stderr
    assert _normalized(ours.stdout) == _normalized(theirs)


@pytest.mark.slow
def test_the_detail_of_one_origlang_that_sacrebleu_fails_on_is_printed(cache: Path) -> None:
    args = ("-t", "wmt23", "-l", "en-de", "-ol", "en", "-d", "-m", "chrf")
    hypotheses = _hypotheses(cache, "wmt23", "en-de")
    environment = {**os.environ, "SACREBLEU": str(cache), "NO_COLOR": "1"}
    sacrebleu = Path(sys.executable).with_name("sacrebleu")
    theirs = subprocess.run(
        [str(sacrebleu), *args], input=hypotheses, capture_output=True, env=environment, check=False
    )
    assert theirs.returncode != 0  # sacreBLEU 2.6.0 walks the characters of "en"
    ours = _ours(cache, *args, stdin=hypotheses)
    assert ours.exit_code == 0, ours.stderr
    detail = ours.stdout.splitlines()[1:]
    assert detail[0].startswith("origlang=en domain=ALL    : sentences=")
    assert {line.split(" ")[1] for line in detail} == {
        "domain=ALL",
        *map("domain={}".format, ("news", "social")),
    }


@pytest.mark.slow
@pytest.mark.parametrize(
    "args",
    [
        ("-t", "wmt17", "-l", "en-de", "--echo", "src"),
        ("-t", "wmt17", "-l", "en-de", "--echo", "ref", "docid", "origlang"),
        ("-t", "wmt17/tworefs", "-l", "en-fi", "--echo", "ref"),
        ("-t", "wmt17/tworefs", "-l", "en-fi", "--echo", "all"),
        ("-t", "wmt17", "-l", "en-de", "--list"),
        ("-t", "wmt17/tworefs", "--list"),
        ("-t", "wmt17", "-l", "en-de", "-ol", "de", "--echo", "src", "ref"),
        ("-t", "wmt17", "-l", "en-de", "-ol", "xx", "--echo", "src"),
        ("-t", "wmt17/tworefs", "-l", "en-fi", "-ol", "non-de", "--echo", "all"),
        ("-t", "wmt23", "-l", "en-de", "--subset", "^s", "--echo", "ref", "domain"),
        ("-t", "wmt23", "-l", "en-de", "-ol", "en", "--echo", "all"),
        ("-t", "wmt23", "-l", "en-de", "--list"),
    ],
)
def test_echo_and_list_print_what_sacrebleu_prints(cache: Path, args: tuple[str, ...]) -> None:
    ours = _ours(cache, *args)
    assert ours.exit_code == 0, ours.stderr
    assert ours.stdout == _sacrebleu(cache, *args)


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("-t", "wmt19", "-l", "de-en"), "sacrebleu -t wmt19 -l de-en --echo src"),
        (("-t", "wmt17", "-l", "en-de", "-nr", "2"), "-nr 2"),
        (("-t", "wmt17"), "needs a language pair"),
        (("ref.txt", "-t", "wmt17", "-l", "en-de"), "got both"),
        (("-t", "wmt17", "-l", "en-de", "-ol", "xx"), "contains no sentence with origlang=xx"),
        (("-t", "wmt17", "-l", "en-de", "--subset", "news"), "no document annotation"),
        (
            ("-t", "wmt19", "-l", "en-de", "--subset", "politics"),
            "`sacrebleu -t wmt19 -l en-de --subset politics -i HYP`",
        ),
        (("-t", "wmt23", "-l", "en-de", "--subset", "("), "does not compile"),
        (("-ol", "de"), "expected -t SET and -l SRC-TGT"),
        (("-t", "wmt19", "-l", "en-de", "-d"), "`sacrebleu -t wmt19 -l en-de -d -i HYP`"),
        (("--list",), "sacrebleu --list"),
        (("--download", "wmt17"), "never downloads"),
    ],
)
def test_what_the_cache_cannot_answer_is_one_line_and_exit_2(
    cache: Path, args: tuple[str, ...], says: str
) -> None:
    result = _ours(cache, *args, stdin=b"a\n")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert says in result.stderr


def test_an_xml_set_is_scored_against_the_translators_sacrebleu_names(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SACREBLEU", str(cache))
    cached = testsets.fields("wmt22", "cs-en")
    assert {"ref:A", "ref:B"} <= set(cached)
    assert testsets.reference_files("wmt22", "cs-en") == [[str(cached["ref:B"])]]
    assert len(testsets.reference_files("wmt17/tworefs", "en-fi")[0]) == 2  # SGML: every one
