"""ROUGE, fast: every segment's scores in one compiled call (``_rouge.c``) where the package has
it, the oracle ``metrics/rouge`` segment by segment where it does not; the same doubles either
way."""
