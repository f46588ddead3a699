"""Input parts that several released tool versions share (the corpus, sentence, chrF, edits,
parts, pairwise, TER pairs and several-systems inputs), with the rules only those inputs have:
``validation/`` is the engine every tool uses."""
