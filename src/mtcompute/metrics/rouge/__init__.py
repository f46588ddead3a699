"""ROUGE (Lin 2004) as google-research rouge-score 0.1.2 computes it: its tokenizer, NLTK's
Porter stemmer in the mode rouge-score calls it, ROUGE-N, ROUGE-L and ROUGE-Lsum, and the
precision, recall and F-measure of each, every double as rouge-score makes it.

One concept per module: ``porter`` (the stemmer), ``tokenizer`` (text to tokens, and the
versioned Unicode tokenizer that is not rouge-score's), ``types`` (the names of the ROUGE types),
``scores`` (one type's score from token lists) and ``score`` (one segment, one or several
references).
"""
