"""Translation edit rate (Snover et al. 2006) as sacreBLEU 2.6 computes it: tercom's
normalizer, the beam edit distance, greedy shifts, statistics that add up, and a score.

One concept per module: ``options``, ``tokenizer`` (text to words), ``beam`` (edit distance and
its trace), ``alignment`` (what the trace says per word), ``shifts`` (the search for the best
shift), ``edits`` (shifts and distance for one reference), ``statistics`` (segments, corpus,
score) and ``result`` (the corpus result and the one-call function).
"""
