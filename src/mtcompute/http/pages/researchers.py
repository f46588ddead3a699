"""What the home page and the docs show a researcher who has text files: ``mtcompute score``, the
command a sacreBLEU user switches to, with the files in the repository's examples/score/ and
the lines it prints for them (a test runs the command and compares)."""

from mtcompute.version import __version__

SCORE_COMMAND = (
    "mtcompute score ref1.txt ref2.txt -i hyp.txt -m bleu chrf -f text -w 2\n"
    "# what sacreBLEU prints, with the same options and defaults:\n"
    "# sacrebleu ref1.txt ref2.txt -i hyp.txt -m bleu chrf -f text -w 2"
)
SCORE_OUTPUT = (
    "BLEU|nrefs:2|case:mixed|eff:no|tok:13a|smooth:exp|tool:bleu-corpus-compute@1.0.0|"
    f"mtcompute:{__version__} = 65.21 96.4/83.3/60.0/37.5 (BP = 1.000 ratio = 1.037 "
    "hyp_len = 28 ref_len = 27)\n"
    "     chrF2|nrefs:2|case:mixed|eff:yes|nc:6|nw:0|space:no|tool:chrf-compute@1.0.0|"
    f"mtcompute:{__version__} = 78.81"
)
SCORE_NOTE = (
    "One segment a line, as sacreBLEU reads files; no request limit applies, and the numbers "
    "are sacreBLEU's with its defaults (13a tokens, exp smoothing; -tok, -lc and -s as in "
    "sacreBLEU). -m ter adds TER; -i A B with --paired-bs compares systems. Without -f text "
    "the output is sacreBLEU's JSON; -sl scores each segment; mtcompute score --help lists "
    "every option."
)
