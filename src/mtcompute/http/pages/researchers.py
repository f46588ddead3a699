"""What the home page and the docs show a researcher who has text files: ``mtcompute score``, the
command a sacreBLEU user switches to, with the files in the repository's examples/score/ and
the lines it prints for them (a test runs the command and compares)."""

from mtcompute.version import __version__

SCORE_COMMAND = (
    "mtcompute score -i hyp.txt -r ref1.txt -r ref2.txt -m bleu -m chrf\n"
    "# as sacreBLEU computes it:\n"
    "# sacrebleu ref1.txt ref2.txt -i hyp.txt -m bleu chrf --tokenize none"
)
SCORE_OUTPUT = (
    "BLEU|nrefs:2|tok:whitespace|smooth:none|tool:bleu-corpus-compute@1.0.0|"
    f"mtcompute:{__version__} = 59.92 91.7/75.0/56.2/33.3 (BP = 1.000 ratio = 1.043 "
    "hyp_len = 24 ref_len = 23)\n"
    "chrF2|nrefs:2|nc:6|nw:0|space:no|eps:no|tool:chrf-compute@1.0.0|"
    f"mtcompute:{__version__} = 78.81"
)
SCORE_NOTE = (
    "One segment a line, as sacreBLEU reads files; no request limit applies, and the numbers "
    "are sacreBLEU's (BLEU as with --tokenize none). --format json gives each score with its "
    "signature, --sentence-level each segment's; mtcompute score --help lists every option."
)
