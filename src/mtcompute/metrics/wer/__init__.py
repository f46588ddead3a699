"""Word and character error rate as jiwer 4.0.0 computes them with its default transforms.

One concept per module: ``transforms`` (a text to its words or characters), ``alignment`` (the
edit operations rapidfuzz 3 chooses among equal-cost paths, and jiwer's chunks made of them),
``statistics`` (hits, substitutions, deletions and insertions, which add up over segments) and
``rates`` (wer, mer, wil, wip and cer from summed statistics, with jiwer's edge cases).
"""
