"""``mtcompute score``: score plain text files as sacreBLEU does, in this process and without
request limits. The command parses its options, reads the files (``textfiles``), delegates to
``scoring`` and prints; a file or input error is JSON on stderr with exit 2."""

import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from mtcompute.cli.arguments import UsageError
from mtcompute.cli.failure import fail
from mtcompute.cli.output import print_text
from mtcompute.cli.resampling import KEYS as RESAMPLING_KEYS
from mtcompute.cli.resampling import resampling_of
from mtcompute.cli.score_parser import SACREBLEU_FORMATS, parsed, score_parser
from mtcompute.cli.streamed import Output, Where, score_read, score_streamed
from mtcompute.cli.texts import ReadTexts, is_utf8, read_texts
from mtcompute.errors import InputError
from mtcompute.metrics.tokenizers import ALL_TOKENIZER_NAMES, default_tokenizer
from mtcompute.scale.chunks import FileSet
from mtcompute.scale.system_files import SystemFiles, SystemsReader
from mtcompute.scale.work import JSONL, TEXT, Plan
from mtcompute.scoring.score import score_order
from mtcompute.scoring.textfiles import STDIN, file_error

if TYPE_CHECKING:  # a test set's modules load with -t only
    from mtcompute.cli.detail import Detail
    from mtcompute.cli.subsets import Subset


def _refuse(code: str, message: str) -> NoReturn:
    """One line on stderr (the errors JSON), exit 2."""
    fail(file_error(code, message), one_line=True)


def _format(given: str) -> str:
    """``-f``, unless ``SACREBLEU_FORMAT`` names one of sacreBLEU's, as sacreBLEU reads it."""
    asked = os.environ.get("SACREBLEU_FORMAT", "").lower()
    return asked if asked in SACREBLEU_FORMATS else given


def _test_set_references(
    test_set: str | None, langpair: str | None, references: tuple[str, ...], options: dict[str, Any]
) -> tuple[str, ...] | None:
    """The test-set options, as sacreBLEU reads them from its cache: ``--list`` and ``--echo``
    print and exit; ``-t`` gives the reference files (None without ``-t``)."""
    if options["download"]:
        _refuse(
            "no_download",
            f"mtcompute never downloads: `sacrebleu --download {options['download']}` fetches "
            "the test set into sacreBLEU's cache, where -t reads it",
        )
    if options["citation"]:
        _refuse("no_citation", "citations are sacreBLEU's: `sacrebleu -t SET --citation`")
    subset = _subset(options)
    if subset is not None and (test_set is None or langpair is None):
        _refuse(
            "subset_needs_a_test_set",
            "-ol/--origlang and --subset filter a test set: expected -t SET and -l SRC-TGT",
        )
    if test_set is not None:
        return _from_test_set(test_set, langpair, references, options, subset)
    if options["list_sets"]:
        _refuse(
            "no_catalogue",
            "--list without -t lists sacreBLEU's catalogue, which mtcompute does not carry:"
            " run `sacrebleu --list`; `--list -t SET` lists a cached set's pairs and fields",
        )
    if options["echo"]:
        _refuse("echo_needs_a_test_set", "--echo needs a test set (-t) and a pair (-l)")
    return None


def _from_test_set(
    test_set: str,
    langpair: str | None,
    references: tuple[str, ...],
    options: dict[str, Any],
    subset: "Subset | None",
) -> tuple[str, ...]:
    """``-t``'s reference files; ``--list`` and ``--echo`` print and exit."""
    from mtcompute.cli import testsets  # noqa: PLC0415 (with a test set only)

    if options["list_sets"]:
        _print(testsets.listed(test_set, langpair))
    if references:
        _refuse(
            "test_set_and_references",
            "expected a test set (-t) or reference files, got both: drop one",
        )
    if langpair is None:
        _refuse(
            "test_set_needs_a_pair",
            f"-t {test_set} needs a language pair (-l SRC-TGT): `mtcompute score -t {test_set} "
            "--list` lists the cached ones",
        )
    if options["echo"]:
        keep = subset.kept if subset is not None else None
        _print(testsets.echoed(test_set, langpair, options["echo"], keep))
    files = testsets.reference_files(test_set, langpair)
    if len(files) > 1:
        _refuse(
            "several_test_sets",
            f"-t {test_set}: one test set at a time here; `sacrebleu -t {test_set} -l "
            f"{langpair} --echo ref` writes their concatenated references to score",
        )
    return tuple(files[0])


def _print(text: str) -> NoReturn:
    if text:  # a filter that keeps no segment prints nothing, as sacreBLEU's
        print_text(text)
    raise SystemExit(0)


def _subset(options: dict[str, Any]) -> "Subset | None":
    """``-ol`` and ``--subset``, if either is given."""
    if options["origlang"] is None and options["subset"] is None:
        return None
    from mtcompute.cli.subsets import Subset  # noqa: PLC0415 (with a test set only)

    return Subset(options["origlang"], options["subset"])


def _kept_segments(
    test_set: str | None, langpair: str | None, options: dict[str, Any]
) -> list[bool] | None:
    """The segments ``-ol`` and ``--subset`` keep; None if neither is given."""
    subset = _subset(options)
    if subset is None or test_set is None or langpair is None:
        return None
    try:
        return subset.filtered(test_set, langpair)
    except InputError as error:
        fail(error, one_line=True)


def _read_whole(
    named: tuple[str, ...],
    references: tuple[str, ...],
    num_refs: int,
    encoding: str,
    against_baseline: bool,
) -> ReadTexts:
    """Every file read whole (``texts``)."""
    try:
        return read_texts(
            named, references, num_refs=num_refs, encoding=encoding, paired=against_baseline
        )
    except InputError as error:
        fail(error, one_line=True)


def _read(
    files: SystemFiles,
    *,
    several: bool,
    subsets: tuple[object, object],
    streamed: Callable[[], ReadTexts | None],
) -> tuple[bool, ReadTexts | None]:
    """Several systems (or one resampled) in UTF-8 and without a test set's subsets or detail
    (``subsets``) read in chunks, scored and printed (True); else the texts read whole where
    one system's stream does not read them (None: streamed there)."""
    utf8 = is_utf8(files.encoding)
    whole = any(subset is not None for subset in subsets)
    if several and utf8 and not whole:
        full = streamed()
        return full is None, full
    if several or files.num_refs != 1 or not utf8 or whole:
        named, references = files.systems, files.references
        return False, _read_whole(named, references, files.num_refs, files.encoding, files.paired)
    return False, None


def _detail(test_set: str | None, langpair: str | None, options: dict[str, Any]) -> "Detail | None":
    """``-d``'s groups for a test set (None without one)."""
    if test_set is None or langpair is None:
        return None
    from mtcompute.cli.detail import Detail  # noqa: PLC0415 (with a test set only)

    try:
        return Detail.of(test_set, langpair, options["origlang"], options["subset"])
    except InputError as error:
        fail(error, one_line=True)


def _kept(read: ReadTexts, keep: list[bool]) -> ReadTexts:
    """The systems and references of the segments ``keep`` keeps."""

    def kept(lines: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(line for line, one in zip(lines, keep, strict=True) if one)

    systems = [(name, kept(lines)) for name, lines in read.systems]
    return ReadTexts(systems, [kept(lines) for lines in read.references])


_TEST_SET_OPTIONS = ("list_sets", "echo", "origlang", "subset", "download", "citation")


def _tokenizer(given: str | None, langpair: str | None) -> str:
    """``-tok``, or sacreBLEU's default for ``-l``'s target; refused if not one of ours."""
    name = given
    if name is None:
        target = langpair.split("-")[1] if langpair and "-" in langpair else ""
        name = default_tokenizer(target)
    if name not in ALL_TOKENIZER_NAMES:
        known = ", ".join(ALL_TOKENIZER_NAMES)
        why = f"-l {langpair} asks for" if given is None else "-tok"
        _refuse(
            "unknown_tokenizer",
            f"{why} tokenizer {name!r}, which this mtcompute does not have: expected one of "
            f"{known} (-tok NAME)",
        )
    return name


def run(arguments: Sequence[str]) -> None:
    """``mtcompute score ARGUMENTS``: parse them as sacreBLEU does, score and print; a call
    refused once parsed is shown as the parser shows its own refusals."""
    parser = score_parser()
    try:
        score(**parsed(parser, arguments))
    except UsageError as error:
        parser.error(str(error))


def score(
    *,
    positional_references: tuple[str, ...],
    hypothesis_files: tuple[str, ...],
    reference_files: tuple[str, ...],
    num_refs: int,
    encoding: str,
    metrics: tuple[str, ...],
    sentence_level: bool,
    langpair: str | None,
    quiet: bool,
    short: bool,
    score_only: bool,
    width: int,
    detail: bool,
    output_format: str,
    jobs: int,
    chunk_size: int,
    chunk_bytes: int,
    scheduler: str | None,
    max_line_bytes: int,
    **settings: Any,
) -> None:
    for key in ("paired_jobs", "no_color", "force"):
        settings.pop(key, None)
    test_set = settings.pop("test_set")
    options = {key: settings.pop(key) for key in _TEST_SET_OPTIONS}
    references_named = (*positional_references, *reference_files)
    try:
        from_test_set = _test_set_references(test_set, langpair, references_named, options)
    except InputError as error:
        fail(error, one_line=True)
    references_named = from_test_set or references_named
    keep = _kept_segments(test_set, langpair, options)
    split = _detail(test_set, langpair, options) if detail and not sentence_level else None
    if not references_named:
        raise UsageError(
            "expected at least one reference file (REF or -r REF), got none; -i takes every "
            "word after it, so name the references before -i (REF... -i HYP...) or with -r"
        )
    if num_refs != 1 and (len(references_named) > 1 or test_set is not None):
        _refuse(
            "num_refs_with_several_files",
            f"-nr {num_refs} splits one reference file on tabs, but {len(references_named)} "
            "were given: give one file, or drop -nr",
        )
    settings["tokenize"] = _tokenizer(settings.get("tokenize"), langpair)
    output_format = _format(output_format)
    if detail and output_format == "json":
        output_format = "text"  # sacreBLEU's: the detail would break the JSON
    asked = {key: settings.pop(key) for key in RESAMPLING_KEYS}
    paired = bool(asked["paired_bs"] or asked["paired_ar"] or asked["paired_all"])
    # sacreBLEU's paired tests name the first system "Baseline: NAME" (mtcompute's
    # --paired-all names each pair's baseline in a column instead).
    against_baseline = paired and not asked["paired_all"]
    named = hypothesis_files if hypothesis_files != (STDIN,) else ()
    several = not named or len(named) > 1 or paired or bool(asked["confidence"])
    files = SystemFiles(named, references_named, num_refs, against_baseline, encoding)
    output = Output(output_format, width, score_only, short)

    def streamed() -> ReadTexts | None:
        chunk = (chunk_size, chunk_bytes)
        return _systems_streamed(files, metrics, asked, settings, output, chunk, sentence_level)

    printed, full = _read(files, several=several, subsets=(keep, split), streamed=streamed)
    if printed:
        return
    read = full if full is None or keep is None else _kept(full, keep)
    resampling = resampling_of(asked, len(read.systems) if read is not None else 1)
    chosen = score_order([name.lower() for name in metrics], paired=paired)
    if read is not None and (len(read.systems) > 1 or resampling is not None):
        if sentence_level:
            raise UsageError("--sentence-level scores one system, without resampling")
        from mtcompute.cli.systems import print_systems  # noqa: PLC0415 (several systems only)

        systems = (read.systems, read.references)
        print_systems(systems, chosen, settings=settings, resampling=resampling, output=output)
        return
    plan = Plan.of(
        chosen,
        settings,
        sentence_level=sentence_level,
        output_format=JSONL if output_format == JSONL else TEXT,
        decimals=width,
        score_only=score_only,
        short=short,
        strip=True,
    )
    where = Where(jobs, chunk_size, max_line_bytes, scheduler, quiet, chunk_bytes)
    if read is None:
        score_streamed(FileSet(hypothesis_files[0], references_named), plan, where, output)
    else:
        score_read(read.systems[0][1], read.references, plan, where, output)
    if detail and not sentence_level:
        _print_detail(split, full, _in_order(metrics), settings, width)


def _print_detail(
    split: "Detail | None",
    full: ReadTexts | None,
    metrics: tuple[str, ...],
    settings: dict[str, Any],
    width: int,
) -> None:
    """``-d``'s lines after the scores: per group with a test set, else sacreBLEU's note."""
    if split is None or full is None:
        from mtcompute.cli.detail import NO_SUBSETS  # noqa: PLC0415 (-d only)

        print_text(NO_SUBSETS)
        return
    lines = split.lines(full, metrics, settings, width)
    if lines:
        print_text("\n".join(lines))


def _systems_streamed(  # noqa: PLR0917
    files: SystemFiles,
    metrics: tuple[str, ...],
    asked: dict[str, Any],
    settings: dict[str, Any],
    output: Output,
    chunk: tuple[int, int],
    sentence_level: bool,
) -> ReadTexts | None:
    """Several systems (or one resampled) read in chunks, scored and printed (None); where the
    files hold one system without resampling (standard input's one column), its texts, which
    the one system's path scores."""
    try:
        reader = SystemsReader(files)
    except InputError as error:
        fail(error, one_line=True)
    with reader:
        resampling = resampling_of(asked, len(reader.names))
        if len(reader.names) == 1 and resampling is None:
            return _read_all(reader)
        if sentence_level:
            raise UsageError("--sentence-level scores one system, without resampling")
        from mtcompute.cli.systems import print_systems_streamed  # noqa: PLC0415

        paired = bool(asked["paired_bs"] or asked["paired_ar"] or asked["paired_all"])
        chosen = score_order([name.lower() for name in metrics], paired=paired)
        print_systems_streamed(
            reader, chosen, settings=settings, resampling=resampling, output=output, chunk=chunk
        )
    return None


def _read_all(reader: SystemsReader) -> ReadTexts:
    """Every chunk's texts together."""
    systems: list[list[str]] = [[] for _ in reader.names]
    references: list[list[str]] = []
    for chunk in reader.chunks():
        references = references or [[] for _ in chunk.references]
        for lines, part in zip(
            [*systems, *references], [*chunk.systems, *chunk.references], strict=True
        ):
            lines.extend(part)
    return ReadTexts(
        [(name, tuple(lines)) for name, lines in zip(reader.names, systems, strict=True)],
        [tuple(stream) for stream in references],
    )


def _in_order(names: tuple[str, ...]) -> tuple[str, ...]:
    """The metrics once each, as named (bleu alone if none is), as sacreBLEU's detail has them."""
    return tuple(dict.fromkeys(name.lower() for name in names)) or ("bleu",)
