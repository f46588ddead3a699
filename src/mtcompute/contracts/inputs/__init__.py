"""Input parts that several released tool versions share: the corpus, sentence and chrF inputs."""
